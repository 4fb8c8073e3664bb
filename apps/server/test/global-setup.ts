/**
 * Once per test run and project: build the server's bundle when its sources changed, and a
 * migrated template database (a PGlite data dir, or a PostgreSQL database) that each test file
 * copies, and remove everything at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../../scripts/server-build.mjs';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { adminUrl, dropRunDatabases, withDatabase } from './helpers/postgres.ts';
import { dropRunRedisKeys } from './helpers/redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'pglite'; templateDir: string; runId: string }
      | { kind: 'postgres'; url: string; runId: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  // The suites that start whole server processes run the production bundle.
  await ensureServerBuild();
  const kind = process.env.TEST_DB_KIND ?? project.config.env?.TEST_DB_KIND ?? 'pglite';
  // Every database and Redis key of this run starts with it, so the end of the run finds them all.
  const runId = `fh_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const template = `${runId}_template`;
    const admin = adminUrl(url);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: '' });
    await runMigrations(database);
    await database.close();
    project.provide('testDb', { kind: 'postgres', url, runId, template });
    return async () => {
      await dropRunDatabases(admin, runId);
      await admin.end();
      await dropRunRedisKeys(runId);
    };
  }
  const root = mkdtempSync(join(tmpdir(), 'fieldhouse-test-'));
  const templateDir = join(root, 'template');
  const database = await openDatabase({ dataDir: templateDir });
  await runMigrations(database);
  await database.close();
  project.provide('testDb', { kind: 'pglite', templateDir, runId });
  return async () => {
    rmSync(root, { recursive: true, force: true });
    await dropRunRedisKeys(runId);
  };
}
