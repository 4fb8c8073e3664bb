/**
 * A fresh, migrated database for one test file: a copy of the run's template (PGlite data dir
 * or PostgreSQL database), removed again by `close`.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { adminUrl, withDatabase } from './postgres.ts';

/** `key` names this database's Redis keys, so concurrent test files never hear each other. */
export type TestDatabase = Database & { url?: string | undefined; dataDir?: string | undefined; key: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-db-'));
    cpSync(testDb.templateDir, dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    return {
      ...database,
      key: `${testDb.runId}_${randomBytes(4).toString('hex')}`,
      dataDir: dir,
      close: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `${testDb.runId}_${randomBytes(4).toString('hex')}`;
  const admin = adminUrl(testDb.url);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
  const url = withDatabase(testDb.url, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  return {
    ...database,
    key: name,
    url,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A new, empty (unmigrated) database, for tests of migration itself. */
export async function createEmptyDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const testDb = inject('testDb');
  if (testDb.kind !== 'postgres') return undefined;
  const name = `${testDb.runId}_${randomBytes(4).toString('hex')}`;
  const admin = adminUrl(testDb.url);
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(testDb.url, name),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
