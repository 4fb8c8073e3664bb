/**
 * The database: PGlite (PostgreSQL in WASM, data on disk) by default, PostgreSQL when a URL is
 * given. Both speak the same SQL and run the same migrations; callers see one `Db` type.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** What both drivers return from `execute`: at least the rows. */
type RowsOf<R> = { rows: (R extends Record<string, unknown> ? R : Record<string, unknown>)[] };
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsOf<this['row']>;
}
export type Db = PgDatabase<RowsResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for /health and /ready. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL's connection pool right now (metrics); PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Runs `fn` holding a session-level advisory lock (a no-op lock on single-process PGlite). */
  withLock: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  /**
   * Runs `fn` if this process gets the session-level advisory lock at once, or answers
   * `{ ran: false }` while another node holds it (single-process PGlite always runs it).
   */
  withTryLock: <T>(key: number, fn: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;
};

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: { btree_gist, pg_trgm, unaccent } });
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite's one session predates migration 0004's ALTER DATABASE; apply the same SSD cost here.
  await client.exec('SET random_page_cost = 1.1');
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      unlock();
    },
    withLock: (_key, fn) => fn(),
    withTryLock: async (_key, fn) => ({ ran: true, value: await fn() }),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'fieldhouse' });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withLock: async (key, fn) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        lockClient.release();
      }
    },
    withTryLock: async (key, fn) => {
      const lockClient = await pool.connect();
      try {
        const { rows } = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          key,
        ]);
        if (!rows[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        lockClient.release();
      }
    },
  };
}
