#!/usr/bin/env node
// Browser tests: build the SPA, then run Playwright in Debian's Chromium. Without Chromium,
// CI fails with the install command; a developer's machine skips with a loud warning.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium is missing at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING BROWSER TESTS. ${message}\n${'!'.repeat(78)}\n`);
  process.exit(0);
}

const run = (args) => {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// The journeys need the current builds, the front ends' and the server's; unchanged ones are
// reused (scripts/web-build.mjs, scripts/server-build.mjs).
try {
  await ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
run(['exec', '--workspace', '@fieldhouse/web', '--', 'playwright', 'test', ...process.argv.slice(2)]);
