// The server as it runs in production: `apps/server/dist/server.mjs`, one ES module made by
// esbuild from the TypeScript sources, rebuilt only when those changed (a SHA-256 of the inputs
// in dist/.build-stamp, as the web build does). Decision 035: Node reads drizzle-orm's 180 KB
// package.json again for each of its ~450 files, and tsx compiles every source file at start:
// bundled, a start takes about two seconds less. The workspace packages and drizzle-orm are
// bundled; every other package stays in node_modules (native addons, PGlite's WebAssembly, files
// read at run time).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from './inputs-hash.mjs';

const repository = fileURLToPath(new URL('..', import.meta.url));
const server = 'apps/server';
/** What the bundle starts from. (The operator commands, run now and then, stay on tsx.) */
const ENTRIES = { server: 'src/server.ts' };
/** Bare imports bundled into the output; the rest are loaded from node_modules at run time. */
const BUNDLED = /^(drizzle-orm|@fieldhouse\/)/;
/** The oldest Node the project supports (package.json engines). */
const TARGET = 'node22.13';

const INPUTS = [
  `${server}/src`,
  `${server}/package.json`,
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/server-build.mjs',
];
/** The fingerprint of the server's build inputs: names and contents, in a fixed order. */
export const serverSourcesHash = (root = repository) => inputsHash(root, INPUTS);

/** The bundle's folder and the file to run. */
export const serverDist = (root = repository) => join(root, server, 'dist');
export const serverBundle = (root = repository) => join(serverDist(root), 'server.mjs');

/**
 * Builds the bundle when its inputs changed since the last build (or there is none); `force`
 * builds regardless. Resolves to 'built' or 'current'. Several processes may call it at once
 * (test projects, `npm start` beside a cluster): each builds in a folder of its own and moves the files into
 * place one by one, each move atomic, so a reader sees a whole old file or a whole new one.
 */
export async function ensureServerBuild({ root = repository, force = false, log = () => {} } = {}) {
  const dist = serverDist(root);
  const stampFile = join(dist, '.build-stamp');
  const hash = serverSourcesHash(root);
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
  if (!force && stamp === hash && Object.keys(ENTRIES).every((name) => existsSync(join(dist, `${name}.mjs`)))) {
    return 'current';
  }
  const started = Date.now();
  // esbuild: a root dev dependency (also tsx's own, so present wherever tsx is); loaded only to build.
  const { build } = await import('esbuild');
  mkdirSync(dist, { recursive: true });
  const work = mkdtempSync(join(dist, '.build-'));
  try {
    await build({
      absWorkingDir: join(root, server),
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(root, server, file)])),
      outdir: work,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: TARGET,
      sourcemap: 'linked',
      // Kept: the logs and stack traces name functions as the sources do.
      keepNames: true,
      logLevel: 'warning',
      plugins: [
        {
          name: 'node-modules-at-run-time',
          setup(builder) {
            builder.onResolve({ filter: /^[^./]/ }, (args) =>
              BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    for (const name of readdirSync(work)) renameSync(join(work, name), join(dist, name));
    const stampWork = join(work, '.build-stamp');
    // The stamp last: a build cut short leaves none, so the next start builds again.
    writeFileSync(stampWork, `${hash}\n`);
    renameSync(stampWork, stampFile);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`  Built the server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureServerBuild({
    force: process.argv.includes('--force'),
    log: (line) => process.stdout.write(`${line}\n`),
  }).catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
