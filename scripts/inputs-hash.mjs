// The fingerprint both start-up builds keep in their stamp (web-build.mjs, server-build.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Tests, installs and Finder's litter change no build. */
const SKIP = /(^|\/)(node_modules|\.DS_Store)$|\.test\.tsx?$/;

function* files(path) {
  if (!existsSync(path) || SKIP.test(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

/** A SHA-256 of the files under `inputs` (paths from `root`): names and contents, in a fixed order. */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}
