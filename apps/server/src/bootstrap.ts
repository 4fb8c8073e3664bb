/**
 * First start on an empty database: create the first super admin from FIELDHOUSE_ADMIN_EMAIL /
 * FIELDHOUSE_ADMIN_PASSWORD (how a school installs it), or else seed the demo school. Runs
 * under the migration lock so two nodes starting together seed once.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { MIGRATION_LOCK_KEY } from './db/migrate.ts';
import { users } from './db/schema/index.ts';
import type { IdentityAdmin } from './identity/admin.ts';
import { DEMO_ADMIN, DEMO_INVITED_EMAIL, type DemoSummary, seedDemo } from './seed/demo.ts';

export type BootstrapResult =
  /** `demoAdmin`: the demo's sign-in, when this database holds the demo school. */
  | { kind: 'existing'; demoAdmin?: typeof DEMO_ADMIN }
  | { kind: 'admin'; email: string }
  | { kind: 'demo'; summary: DemoSummary }
  | { kind: 'empty' };

export async function bootstrap(
  database: Database,
  identity: IdentityAdmin,
  config: Pick<Config, 'FIELDHOUSE_ADMIN_EMAIL' | 'FIELDHOUSE_ADMIN_PASSWORD' | 'SEED_DEMO'>,
): Promise<BootstrapResult> {
  return database.withLock(MIGRATION_LOCK_KEY, async () => {
    const [row] = await database.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) {
      const [demo] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, DEMO_ADMIN.email), eq(users.status, 'ACTIVE')));
      return demo ? { kind: 'existing', demoAdmin: DEMO_ADMIN } : { kind: 'existing' };
    }
    if (config.FIELDHOUSE_ADMIN_EMAIL && config.FIELDHOUSE_ADMIN_PASSWORD) {
      const email = config.FIELDHOUSE_ADMIN_EMAIL.toLowerCase();
      const [first = 'Administrator'] = email.split('@');
      // The installer chose this password, so it is permanent: no forced change on first sign-in.
      const { sub } = await identity.createUser({
        email,
        givenName: first,
        password: config.FIELDHOUSE_ADMIN_PASSWORD,
      });
      await database.db
        .insert(users)
        .values({ email, firstName: first, role: 'SUPER_ADMIN', status: 'ACTIVE', identitySub: sub });
      return { kind: 'admin', email };
    }
    if (config.SEED_DEMO) {
      const summary = await seedDemo(database.db);
      await linkDemoAccounts(database, identity, summary.admin.password);
      return { kind: 'demo', summary };
    }
    return { kind: 'empty' };
  });
}

/** Every demo person gets a sign-in with the demo password; suspended and deleted ones are disabled. */
async function linkDemoAccounts(database: Database, identity: IdentityAdmin, password: string) {
  const everyone = await database.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(users)
    .where(isNull(users.identitySub));
  // One administrator is invited rather than set up: their invite waits in the outbox.
  const invited = everyone.find((p) => p.email === DEMO_INVITED_EMAIL);
  if (invited) {
    const { sub } = await identity.createUser({
      email: invited.email,
      givenName: invited.firstName,
      familyName: invited.lastName ?? undefined,
    });
    await database.db.update(users).set({ identitySub: sub }).where(eq(users.id, invited.id));
  }
  const people = everyone.filter((p) => p !== invited);
  const subs = await identity.createUsersWithPassword(
    people.map((p) => ({ email: p.email, givenName: p.firstName, familyName: p.lastName ?? undefined })),
    password,
  );
  for (const [i, person] of people.entries()) {
    const sub = subs[i] as string;
    await database.db.update(users).set({ identitySub: sub }).where(eq(users.id, person.id));
    if (person.status !== 'ACTIVE') await identity.disableUser(sub);
  }
}
