import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverDir } from '../paths.ts';
import type { Database, Schema } from './client.ts';

export const migrationsFolder = join(serverDir, 'drizzle');

/** Advisory-lock key for migrations and first-run seeding ("fh-migr" as a number). */
export const MIGRATION_LOCK_KEY = 0x66_68_6d_67;

/**
 * Applies pending migrations. Several nodes may start at once: the advisory lock makes the
 * others wait, and they then find nothing left to apply.
 */
export async function runMigrations(database: Database, folder: string = migrationsFolder): Promise<void> {
  await database.withLock(MIGRATION_LOCK_KEY, async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
    }
  });
}
