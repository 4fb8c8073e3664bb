/**
 * The app every benchmark measures: a temporary DATA_DIR, PGlite there (or DATABASE_URL),
 * migrations run, quiet logs, no sign-in rate limit, listening on a free port of 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { chatRoomMembers, chatRooms, organizations, users } from '../apps/server/src/db/schema/index.ts';
import { signIn } from '../apps/server/src/simulate/simulate.ts';

export const BENCH_PASSWORD = 'Bench-Pass-1';

/** `env` overrides the configuration; `SEED_DEMO: 'true'` seeds the demo school (see `demoSignIn`). */
export async function startBenchApp(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-bench-'));
  const config = loadConfig({
    DATA_DIR: dir,
    IDENTITY_SECRET: 'b'.repeat(64),
    LOG_LEVEL: 'silent',
    IDENTITY_RATE_LIMIT: '100000000',
    SEED_DEMO: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dir });
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: { level: 'silent' } });
  const seeded = await bootstrap(database, app.identity.admin, config);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    dir,
    demoSignIn: seeded.kind === 'demo' ? seeded.summary.admin : { email: '', password: '' },
    config,
    database,
    db: database.db,
    app,
    base,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** `count` coaches of a new organization, each with an identity account (BENCH_PASSWORD). */
export async function benchPeople(bench: BenchApp, count: number, label: string) {
  const tag = Date.now().toString(36);
  const [org] = await bench.db
    .insert(organizations)
    .values({ name: `${label} High`, slug: `${label.toLowerCase()}-${tag}` })
    .returning();
  const organizationId = org?.id as number;
  const people = Array.from({ length: count }, (_, i) => ({
    email: `${label.toLowerCase()}${i}.${tag}@bench.example`,
    givenName: `${label[0]}${i}`,
  }));
  const subs = await bench.app.identity.admin.createUsersWithPassword(people, BENCH_PASSWORD);
  const rows = await bench.db
    .insert(users)
    .values(
      people.map((p, i) => ({
        email: p.email,
        firstName: p.givenName,
        role: 'COACH' as const,
        organizationId,
        identitySub: subs[i] as string,
      })),
    )
    .returning({ id: users.id });
  return {
    organizationId,
    ids: rows.map((r) => r.id),
    emails: people.map((p) => p.email),
    /** Id tokens through the real identity endpoint (this app's, or a cluster node's), `batch` at a time. */
    signInAll: async (batch = 20, base = bench.base) => {
      const tokens: string[] = [];
      for (let i = 0; i < people.length; i += batch)
        tokens.push(
          ...(await Promise.all(people.slice(i, i + batch).map((p) => signIn(base, p.email, BENCH_PASSWORD)))),
        );
      return tokens;
    },
  };
}

/** `count` group rooms of the people's school, person i in room i mod `count`: each person's room id. */
export async function benchRooms(bench: BenchApp, people: { organizationId: number; ids: number[] }, count: number) {
  const rooms = await bench.db
    .insert(chatRooms)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId: people.organizationId,
        kind: 'GROUP' as const,
        name: `Room ${i}`,
      })),
    )
    .returning({ id: chatRooms.id });
  const roomIds = people.ids.map((_, i) => rooms[i % count]?.id as number);
  await bench.db
    .insert(chatRoomMembers)
    .values(people.ids.map((userId, i) => ({ roomId: roomIds[i] as number, userId })));
  return roomIds;
}
