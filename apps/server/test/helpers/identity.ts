import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createIdentity } from '../../src/identity/setup.ts';

/** Configuration for tests: quiet, no demo, a fixed identity secret, no rate limit unless asked. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    // Uploads and key files of a test never touch a developer's ./data.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fieldhouse-data-')),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    IDENTITY_SECRET: 'f'.repeat(64),
    IDENTITY_RATE_LIMIT: '100000',
    ...env,
  });
}

/** The identity service on a test database, without the HTTP app. */
export function createTestIdentity(database: Database, env: Record<string, string> = {}) {
  return createIdentity(testConfig(env), database, pino({ level: 'silent' }));
}
