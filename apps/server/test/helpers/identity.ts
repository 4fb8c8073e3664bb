import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
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

/**
 * A JWT with the claims asked for, signed RS256 with `key` (a fresh foreign key by default); pass
 * the pool's own key and kid to make a token the server would have issued, say an expired one.
 */
export const forgeToken = (
  claims: Record<string, unknown>,
  key: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  kid?: string,
) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) }).sign(key);
