import { rmSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import type { LoggerOverrides } from '../../src/logging/options.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { testConfig } from './identity.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { testDatabase: TestDatabase };

/**
 * The real app on a fresh test database; `env` overrides configuration, `logger` captures log
 * lines (helpers/logs.ts). Call `close` after.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  database?: TestDatabase,
  logger?: LoggerOverrides,
) {
  const testDatabase = database ?? (await createTestDatabase());
  const config = testConfig({ REDIS_PREFIX: testDatabase.key, ...env });
  const app = await buildApp({ config, database: testDatabase, ...(logger ? { logger } : {}) });
  app.addHook('onClose', async () => {
    if (!database) await testDatabase.close();
    // The temporary DATA_DIR (uploads, key files) goes with the app unless the test chose one.
    if (!env.DATA_DIR) rmSync(config.DATA_DIR, { recursive: true, force: true });
  });
  return Object.assign(app, { testDatabase });
}
