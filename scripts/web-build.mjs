// The front ends' builds, each made only when its inputs changed: a SHA-256 of the app's sources,
// the shared packages, the build configuration and the lockfile is kept in <app>/dist/.build-stamp,
// and a build whose stamp matches is reused. The admin app (apps/web) and the member app
// (apps/member, served under /m/, decision 021) are stamped apart. Vite runs quietly.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from './inputs-hash.mjs';

const repository = fileURLToPath(new URL('..', import.meta.url));

/** The front ends: where each lives and what its messages call it. */
const APPS = [
  { dir: 'apps/web', name: 'web app' },
  { dir: 'apps/member', name: 'member app' },
];

/** Everything an app's build reads besides node_modules (whose versions the lockfile pins). */
const inputs = (app) => [
  ...[
    'src',
    'public',
    'build',
    'index.html',
    'vite.config.ts',
    'postcss.config.cjs',
    'tsconfig.json',
    'package.json',
  ].map((path) => `${app}/${path}`),
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/client/src',
  'packages/client/build',
  'packages/client/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];
/** The fingerprint of an app's build inputs: names and contents, in a fixed order. */
export const sourcesHash = (root = repository, app = 'apps/web') => inputsHash(root, inputs(app));

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
 * Builds each front end whose inputs changed since its last build (or that has none); `force`
 * builds regardless. An app not in the checkout is skipped. Resolves to 'built' when any app was
 * built, else 'current'; rejects with a one-line reason.
 */
export async function ensureWebBuild({
  root = repository,
  force = false,
  log = (line) => process.stdout.write(`${line}\n`),
} = {}) {
  let result = 'current';
  for (const app of APPS) {
    if (!existsSync(join(root, app.dir, 'package.json'))) continue;
    if ((await ensureAppBuild(root, app, force, log)) === 'built') result = 'built';
  }
  return result;
}

async function ensureAppBuild(root, app, force, log) {
  const web = join(root, app.dir);
  const dist = join(web, 'dist');
  const stampFile = join(dist, '.build-stamp');
  const hasBuild = () => existsSync(join(dist, 'index.html'));
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
  if (!force && hasBuild() && stamp === sourcesHash(root, app.dir)) return 'current';
  const vite = viteBin(web);
  if (!vite) {
    if (hasBuild()) {
      log(`  Vite is not installed (no dev dependencies): serving the ${app.name} as it was built.`);
      return 'current';
    }
    throw new Error(
      `The ${app.name} is not built and Vite is not installed: run \`npm ci\` (with dev dependencies), then \`npm start\`.`,
    );
  }
  log(`  Building the ${app.name}${hasBuild() ? ' (its sources changed)' : ''}…`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    child.on('exit', (status) => resolve(status ?? 1));
  });
  if (code !== 0) throw new Error(`The ${app.name} did not build (see the errors above).`);
  // The build itself may rewrite generated sources (the route tree): stamp what it left.
  writeFileSync(stampFile, `${sourcesHash(root, app.dir)}\n`);
  log(`  Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild({ force: process.argv.includes('--force') }).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
