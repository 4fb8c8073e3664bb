/** A small stand-in for apps/web/dist (same shape), so serving tests need no vite build. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LoggerOverrides } from '../../src/logging/options.ts';
import { buildTestApp } from './app.ts';

/** Writes `files` (path → contents) into a fresh folder; `remove` deletes it. */
export function makeWebDist(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-dist-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The test app serving `files` as its web build (`env` and `logger` as buildTestApp); close removes both. */
export async function buildAppServing(
  files: Record<string, string | Buffer>,
  env: Record<string, string> = {},
  logger?: LoggerOverrides,
) {
  const dist = makeWebDist(files);
  const app = await buildTestApp({ WEB_DIST_DIR: dist.dir, ...env }, undefined, logger);
  app.addHook('onClose', async () => dist.remove());
  return app;
}
