// The web build, made only when its inputs changed: a SHA-256 of the web app's sources, the shared
// packages, the build configuration and the lockfile is kept in apps/web/dist/.build-stamp, and a
// build whose stamp matches is reused. Vite runs quietly (warnings and errors only).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));

/** Everything a build reads besides node_modules (whose versions the lockfile pins). */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/client/src',
  'packages/client/build',
  'packages/client/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
const SKIP = /(^|\/)(node_modules|\.DS_Store)$|\.test\.tsx?$/;

function* files(path) {
  if (!existsSync(path) || SKIP.test(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

/** The fingerprint of the build's inputs: names and contents, in a fixed order. */
export function sourcesHash(root = repository) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** Vite's command-line entry, or undefined in an install without dev dependencies. */
function viteBin(web) {
  try {
    const pkg = createRequire(join(web, 'package.json')).resolve('vite/package.json');
    return join(dirname(pkg), 'bin/vite.js');
  } catch {
    return undefined;
  }
}

/**
 * Builds apps/web when its inputs changed since the last build (or there is none); `force`
 * builds regardless. Resolves to 'built' or 'current'; rejects with a one-line reason.
 */
export async function ensureWebBuild({
  root = repository,
  force = false,
  log = (line) => process.stdout.write(`${line}\n`),
} = {}) {
  const web = join(root, 'apps/web');
  const dist = join(web, 'dist');
  const stampFile = join(dist, '.build-stamp');
  const hasBuild = () => existsSync(join(dist, 'index.html'));
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
  if (!force && hasBuild() && stamp === sourcesHash(root)) return 'current';
  const vite = viteBin(web);
  if (!vite) {
    if (hasBuild()) {
      log('  Vite is not installed (no dev dependencies): serving the web app as it was built.');
      return 'current';
    }
    throw new Error(
      'The web app is not built and Vite is not installed: run `npm ci` (with dev dependencies), then `npm start`.',
    );
  }
  log(`  Building the web app${hasBuild() ? ' (its sources changed)' : ''}…`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    child.on('exit', (status) => resolve(status ?? 1));
  });
  if (code !== 0) throw new Error('The web app did not build (see the errors above).');
  // The build itself may rewrite generated sources (the route tree): stamp what it left.
  writeFileSync(stampFile, `${sourcesHash(root)}\n`);
  log(`  Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild({ force: process.argv.includes('--force') }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
