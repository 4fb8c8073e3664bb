import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repo. The server suite runs on PGlite always and a second time
 * on PostgreSQL when TEST_DATABASE_URL is set, so both engines stay honest. CI sets
 * TEST_PGLITE_SUITES=ci: every suite runs on PostgreSQL, and PGlite runs PGLITE_IN_CI (decision 033);
 * its passes on Node 22 and 26 set it to `runtime`.
 */
/**
 * Server suites wait on sockets, timers and the database far more than they compute, so most
 * run four files at a time even on two cores (8.7 → 4.8 min on PostgreSQL, decision 015).
 */
const WORKERS = 4;
/**
 * Files that start processes, spin the CPU or time themselves (a cluster, a restart, SRP's
 * property test, the soak's deadline, a timing ratio): beside three busy neighbours they ran out
 * of time, so they run after the rest, two at a time as the whole suite used to.
 */
const HEAVY = [
  'src/identity/srp.test.ts',
  'src/ops/nginx-config.test.ts',
  ...[
    'backup-restore',
    'cluster-failover',
    'cluster-processes',
    'data-dir-lock',
    'identity-cognito-local',
    'identity-enumeration',
    'input-fuzz',
    'logging',
    'node-versions',
    'ops-commands',
    'process',
    'push-cluster',
    'realtime-cluster',
    'seed',
    'simulate',
    'soak',
  ].map((name) => `test/${name}.test.ts`),
];

const testFiles = (names: string[]) => names.map((name) => `test/${name}.test.ts`);
/**
 * The suites whose outcome can depend on the runtime: CI runs them again on Node 22 and 26
 * (TEST_PGLITE_SUITES=runtime, decision 030) — processes and the data directory's lock, backup and
 * restore, logging, clustering, identity (crypto, SRP, sessions, codes, mail), HTTP serving and
 * headers, the engine, uploads (streams), chat and presence over real sockets, push, the digest,
 * metrics, readiness. The seed and the operator commands are left to Node 24 (decision 033).
 */
const RUNTIME_SUITES = [
  'src/identity/srp.test.ts',
  ...testFiles([
    'backup-restore',
    'chat',
    'data-dir-lock',
    'database',
    'digest',
    'identity-amplify',
    'identity-codes',
    'identity-cognito-local',
    'identity-mail',
    'identity-sdk',
    'identity-sessions',
    'logging',
    'member-serving',
    'metrics',
    'presence',
    'process',
    'push',
    'push-cluster',
    'readiness',
    'realtime-cluster',
    'security-headers',
    'serving',
    'system',
    'upload-limits',
    'uploads',
  ]),
];
/**
 * What CI runs on PGlite on Node 24 (TEST_PGLITE_SUITES=ci, decision 033), beside the unit tests in
 * src/: the runtime suites, the seed, the operator commands and node-versions (PGlite only), and
 * the suites where one connection instead of a pool changes how writes interleave: concurrent
 * limits, atomic multi-step writes, the report triggers, the safeguarding rules, the soak. The
 * business-rule suites run on PostgreSQL there; locally, `npm test` runs all of them on PGlite
 * too, and every journey runs on a PGlite server.
 */
const PGLITE_IN_CI = [
  ...RUNTIME_SUITES,
  ...testFiles([
    'chat-group-commit',
    'integrity-concurrency',
    'node-versions',
    'ops-commands',
    'reports-message-counts',
    'safeguarding',
    'seed',
    'soak',
    'users-atomic',
  ]),
];
type ServerFiles = { src: boolean; suites: string[] | 'all' };
const PGLITE_FILES: Record<string, ServerFiles> = {
  ci: { src: true, suites: PGLITE_IN_CI },
  runtime: { src: false, suites: RUNTIME_SUITES },
};
const pgliteFiles = PGLITE_FILES[process.env.TEST_PGLITE_SUITES ?? ''] ?? { src: true, suites: 'all' };

/**
 * Unit tests beside the code (src/) need no database: they run in the PGlite project only.
 * Every project of one group shares its worker count, hence a second project per engine.
 */
const serverProject = (name: string, env: Record<string, string>, files: ServerFiles) => {
  // `suites` is test/ ('all') or a list, which may name a file of src/ (SRP's: the runtime passes).
  const listed = (file: string) => (files.suites === 'all' ? file.startsWith('test/') : files.suites.includes(file));
  const inProject = (file: string) => listed(file) || (files.src && file.startsWith('src/'));
  const include = [
    ...(files.src ? ['src/**/*.test.ts'] : []),
    ...(files.suites === 'all' ? ['test/**/*.test.ts'] : files.suites),
  ];
  return [
    serverGroup(name, env, include, { exclude: HEAVY, groupOrder: 0, maxWorkers: WORKERS }),
    serverGroup(`${name}:heavy`, env, HEAVY.filter(inProject), { exclude: [], groupOrder: 1, maxWorkers: 2 }),
  ];
};

const serverGroup = (
  name: string,
  env: Record<string, string>,
  include: string[],
  group: { exclude: string[]; groupOrder: number; maxWorkers: number },
) => ({
  test: {
    name,
    root: './apps/server',
    include,
    exclude: group.exclude,
    maxWorkers: group.maxWorkers,
    sequence: { groupOrder: group.groupOrder },
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'], environment: 'node' } },
      { test: { name: 'bench', root: './bench', include: ['*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'client',
          root: './packages/client',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The front ends share one jsdom setup (the layout APIs Mantine reads).
          setupFiles: ['../../packages/client/src/test/jsdom-setup.ts'],
        },
      },
      {
        test: {
          name: 'member',
          root: './apps/member',
          // Pure modules and the service worker, run in a sandbox; the screens have journeys (e2e).
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...serverProject('server:pglite', { TEST_DB_KIND: 'pglite' }, pgliteFiles),
      ...(postgresUrl
        ? serverProject('server:postgres', { TEST_DB_KIND: 'postgres' }, { src: false, suites: 'all' })
        : []),
    ],
  },
});
