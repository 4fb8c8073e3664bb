import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real server (both built SPAs, PGlite in a temp dir) in Debian's
 * Chromium: the admin app's (e2e/) and the member app's (apps/member/e2e, decision 021), one server.
 */
const port = Number(process.env.E2E_PORT ?? 4517);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fieldhouse-e2e-'));

export default defineConfig({
  projects: [
    { name: 'admin', testDir: './e2e' },
    { name: 'member', testDir: '../member/e2e' },
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // In CI a failed journey runs again with a trace (recording every journey cost 15%, decision 033).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production bundle, as `npm start` runs it (scripts/run-e2e.mjs builds it first).
    command: 'node ../../scripts/server-build.mjs && node --enable-source-maps ../server/dist/server.mjs',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // NODE_ENV=test keeps the dev outbox on, where journeys read invites and codes.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  },
});
