import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repo. The server suite runs on PGlite always and a second time
 * on PostgreSQL when TEST_DATABASE_URL is set, so both engines stay honest.
 */
/** Unit tests beside the code (src/) need no database: they run in the PGlite project only. */
const serverProject = (name: string, env: Record<string, string>, include: string[]) => ({
  test: {
    name,
    root: './apps/server',
    include,
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
      serverProject('server:pglite', { TEST_DB_KIND: 'pglite' }, ['src/**/*.test.ts', 'test/**/*.test.ts']),
      ...(postgresUrl ? [serverProject('server:postgres', { TEST_DB_KIND: 'postgres' }, ['test/**/*.test.ts'])] : []),
    ],
  },
});
