/**
 * First start on an empty database: create the first super admin from FIELDHOUSE_ADMIN_EMAIL /
 * FIELDHOUSE_ADMIN_PASSWORD (how a school installs it), or else seed the demo school. Runs
 * under the migration lock so two nodes starting together seed once.
 */
import { count } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { MIGRATION_LOCK_KEY } from './db/migrate.ts';
import { users } from './db/schema/index.ts';
import { type DemoSummary, seedDemo } from './seed/demo.ts';

export type BootstrapResult =
  | { kind: 'existing' }
  | { kind: 'admin'; email: string }
  | { kind: 'demo'; summary: DemoSummary }
  | { kind: 'empty' };

export async function bootstrap(
  database: Database,
  config: Pick<Config, 'FIELDHOUSE_ADMIN_EMAIL' | 'FIELDHOUSE_ADMIN_PASSWORD' | 'SEED_DEMO'>,
): Promise<BootstrapResult> {
  return database.withLock(MIGRATION_LOCK_KEY, async () => {
    const [row] = await database.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return { kind: 'existing' };
    if (config.FIELDHOUSE_ADMIN_EMAIL) {
      const email = config.FIELDHOUSE_ADMIN_EMAIL.toLowerCase();
      const [first = 'Administrator'] = email.split('@');
      await database.db.insert(users).values({ email, firstName: first, role: 'SUPER_ADMIN', status: 'ACTIVE' });
      return { kind: 'admin', email };
    }
    if (config.SEED_DEMO) return { kind: 'demo', summary: await seedDemo(database.db) };
    return { kind: 'empty' };
  });
}
