import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDir } from './paths.ts';

/** The app version from the server's package.json, shown in /health and /api/config. */
export const version: string = (
  JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { version: string }
).version;
