/**
 * User search at scale: the trigram index against a sequential scan of the same query (the
 * baseline, measured in the same run). `node --import tsx bench/user-search.ts [--users N]`.
 * Uses a throwaway PGlite dir, or DATABASE_URL when set (its data is left in place).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { bootstrap } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createIdentity } from '../apps/server/src/identity/setup.ts';
import { seedBulkUsers } from '../apps/server/src/seed/bulk.ts';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' } } });
const count = Number(values.users);
const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
await runMigrations(database);
const config = loadConfig({ DATA_DIR: dir, IDENTITY_SECRET: 'b'.repeat(64) });
const identity = await createIdentity(config, database, pino({ level: 'warn' }));
await bootstrap(database, identity.admin, { ...config, SEED_DEMO: true });
const { rows: orgs } = await database.db.execute<{ id: number }>(sql`select min(id) as id from organizations`);
process.stdout.write(`seeding ${count.toLocaleString()} users on ${database.kind}…\n`);
await seedBulkUsers(database.db, { count, organizationId: orgs[0]?.id as number });
await database.db.execute(sql`analyze users`);

const terms = ['nunez', 'emma.sm', 'johansson', 'zoe', 'kowal'];
const search = (term: string) =>
  database.db.execute(sql`
    select id from users
    where organization_id = ${orgs[0]?.id} and search_text like ${`%${term}%`}
    order by first_name, id limit 20`);

async function time(label: string, rounds: number) {
  for (const t of terms) await search(t); // warm up
  const started = performance.now();
  for (let i = 0; i < rounds; i++) for (const t of terms) await search(t);
  const ms = (performance.now() - started) / (rounds * terms.length);
  process.stdout.write(`${label.padEnd(28)} ${ms.toFixed(2)} ms/query\n`);
  return ms;
}

const indexed = await time('trigram index', 20);
// Baseline: the same query with index use turned off.
await database.db.execute(sql`set enable_bitmapscan = off`);
await database.db.execute(sql`set enable_indexscan = off`);
const scanned = await time('sequential scan (baseline)', 5);
process.stdout.write(`speed-up: ${(scanned / indexed).toFixed(1)}x over ${(count + 1000).toLocaleString()} users\n`);
await database.close();
rmSync(dir, { recursive: true, force: true });
