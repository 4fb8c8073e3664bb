import { ADMIN_ROLES } from '@fieldhouse/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrap } from '../src/bootstrap.ts';
import { guardianLinks, teamCoaches, teamMembers, teams, users } from '../src/db/schema/index.ts';
import { addBenchSchools, seedBulkUsers } from '../src/seed/bulk.ts';
import { seedBulkMessages } from '../src/seed/bulk-messages.ts';
import { DEMO_ADMIN, DEMO_ATHLETE_EMAIL, DEMO_COACH_EMAIL, DEMO_PARENT_EMAIL } from '../src/seed/demo.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';
import { createTestIdentity } from './helpers/identity.ts';

// Seeding a whole school takes seconds alone and much longer beside the other suites in CI.
vi.setConfig({ testTimeout: 120_000 });

const opened: TestDatabase[] = [];
async function freshDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

const noAdmin = { FIELDHOUSE_ADMIN_EMAIL: undefined, FIELDHOUSE_ADMIN_PASSWORD: undefined };

describe('first start', () => {
  it('seeds a realistic demo high school once', async () => {
    const database = await freshDatabase();
    const result = await bootstrap(database, (await createTestIdentity(database)).admin, {
      ...noAdmin,
      SEED_DEMO: true,
    });
    expect(result.kind).toBe('demo');
    const { db } = database;

    const byRole = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
    const roleCount = Object.fromEntries(byRole.map((r) => [r.role, r.n]));
    expect(roleCount).toMatchObject({ ATHLETE: 400, COACH: 40 });
    expect(roleCount.PARENT).toBeGreaterThan(400);
    for (const role of ADMIN_ROLES) expect(roleCount[role], role).toBeGreaterThanOrEqual(1);

    const [teamCount] = await db.select({ n: count() }).from(teams);
    expect(teamCount?.n).toBeGreaterThanOrEqual(20);
    expect(teamCount?.n).toBeLessThanOrEqual(25);
    const sportsUsed = await db.selectDistinct({ sportId: teams.sportId }).from(teams);
    expect(sportsUsed.length).toBe(12);

    const statuses = await db.select({ status: users.status, n: count() }).from(users).groupBy(users.status);
    const statusCount = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(statusCount.INACTIVE).toBeGreaterThan(0);
    expect(statusCount.SUSPENDED).toBeGreaterThan(0);

    const [orphans] = await db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.role, 'ATHLETE'),
          sql`not exists (select 1 from ${guardianLinks} g where g.athlete_id = ${users.id})`,
        ),
      );
    expect(orphans?.n).toBe(0);
    const headless = await db.execute<{ id: number }>(
      sql`select t.id from ${teams} t where not exists (select 1 from ${teamCoaches} c where c.team_id = t.id and c.role = 'HEAD')`,
    );
    expect(headless.rows).toEqual([]);
    const [members] = await db.select({ n: count() }).from(teamMembers);
    expect(members?.n).toBeGreaterThan(400);

    // Answers to "who is coming" for the next two weeks' team events, some with a reason.
    const answers = await db.execute<{ n: number; notes: number }>(
      sql`select count(*)::int as n, count(note)::int as notes from event_availability`,
    );
    expect(answers.rows[0]?.n).toBeGreaterThan(100);
    expect(answers.rows[0]?.notes).toBeGreaterThan(0);

    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(admin).toMatchObject({ role: 'SUPER_ADMIN', status: 'ACTIVE' });

    // The member accounts the banner prints: a minor on the demo coach's team and their guardian.
    const known = await db.execute<{ athlete: string; dob: string; guardian: string; coach: string }>(sql`
      select a.email as athlete, a.date_of_birth::text as dob, p.email as guardian, cu.email as coach
      from ${users} a
      join ${guardianLinks} g on g.athlete_id = a.id
      join ${users} p on p.id = g.guardian_id and p.status = 'ACTIVE'
      join ${teamMembers} m on m.user_id = a.id
      join ${teamCoaches} tc on tc.team_id = m.team_id
      join coaches c on c.id = tc.coach_id
      join ${users} cu on cu.id = c.user_id
      where a.email = ${DEMO_ATHLETE_EMAIL} and a.status = 'ACTIVE' and p.email = ${DEMO_PARENT_EMAIL}
        and cu.email = ${DEMO_COACH_EMAIL}`);
    expect(known.rows).toHaveLength(1);
    const dob = new Date(known.rows[0]?.dob as string);
    const eighteen = new Date(Date.UTC(dob.getUTCFullYear() + 18, dob.getUTCMonth(), dob.getUTCDate()));
    expect(eighteen.getTime()).toBeGreaterThan(Date.now() + 180 * 86_400_000);

    expect(
      (await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: true })).kind,
    ).toBe('existing');
    const [total] = await db.select({ n: count() }).from(users);
    expect(total?.n).toBe(byRole.reduce((sum, r) => sum + r.n, 0));
  });

  it('generates the same school every time', async () => {
    const names = async () => {
      const database = await freshDatabase();
      await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: true });
      return database.db
        .select({ email: users.email, first: users.firstName, status: users.status })
        .from(users)
        .orderBy(asc(users.id))
        .limit(600);
    };
    const first = await names();
    const second = await names();
    expect(first).toEqual(second);
  });

  it('creates only the first super admin when one is configured', async () => {
    const database = await freshDatabase();
    const result = await bootstrap(database, (await createTestIdentity(database)).admin, {
      FIELDHOUSE_ADMIN_EMAIL: 'AD@Westfield.k12.example',
      FIELDHOUSE_ADMIN_PASSWORD: 'correct-horse-battery',
      SEED_DEMO: true,
    });
    expect(result).toEqual({ kind: 'admin', email: 'ad@westfield.k12.example' });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'ad@westfield.k12.example', role: 'SUPER_ADMIN', status: 'ACTIVE' });
  });

  it('leaves an empty database empty when demo seeding is off', async () => {
    const database = await freshDatabase();
    expect(
      (await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: false })).kind,
    ).toBe('empty');
  });
});

describe('bulk seed', () => {
  it('adds the requested number of users with progress', async () => {
    const database = await freshDatabase();
    await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: true });
    const [org] = await database.db.select({ id: users.organizationId }).from(users).limit(1);
    const progress: number[] = [];
    const [before] = await database.db.select({ n: count() }).from(users);
    await seedBulkUsers(database.db, {
      count: 6000,
      organizationId: org?.id as number,
      onProgress: (d) => progress.push(d),
    });
    const [after] = await database.db.select({ n: count() }).from(users);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(6000);
    expect(progress).toEqual([5000, 6000]);
  });

  it('spreads generated users over a district’s schools', async () => {
    const database = await freshDatabase();
    await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: true });
    const [org] = await database.db.select({ id: users.organizationId }).from(users).limit(1);
    const first = org?.id as number;
    const more = await addBenchSchools(database.db, 2);
    expect(more).toHaveLength(2);
    const [before] = await database.db.select({ n: count() }).from(users).where(eq(users.organizationId, first));
    await seedBulkUsers(database.db, { count: 3000, organizationId: [first, ...more] });
    const perSchool = async (id: number) =>
      (await database.db.select({ n: count() }).from(users).where(eq(users.organizationId, id)))[0]?.n;
    expect(await perSchool(first)).toBe((before?.n ?? 0) + 1000);
    expect(await Promise.all(more.map(perSchool))).toEqual([1000, 1000]);
  });

  it('adds messages in the director’s conversations with adults, with progress and unread counts', async () => {
    const database = await freshDatabase();
    await bootstrap(database, (await createTestIdentity(database)).admin, { ...noAdmin, SEED_DEMO: true });
    const [org] = await database.db.select({ id: users.organizationId }).from(users).limit(1);
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await database.db.execute<{ n: number }>(query)).rows[0]?.n);
    const before = await count(sql`select count(*) as n from chat_messages`);
    const progress: number[] = [];
    const { rooms, directorId } = await seedBulkMessages(database.db, {
      count: 250_000,
      organizationId: org?.id as number,
      onProgress: (d) => progress.push(d),
    });
    expect(progress).toEqual([200_000, 250_000]);
    expect((await count(sql`select count(*) as n from chat_messages`)) - before).toBe(250_000);
    // The messages went to the director's conversations with adults: no minor, so no guardian to add.
    const seeded = sql`select distinct room_id from chat_messages where content like 'Seeded message %'`;
    expect(await count(sql`select count(*) as n from (${seeded}) s`)).toBe(rooms);
    expect(
      await count(sql`select count(*) as n from chat_room_members m join users u on u.id = m.user_id
        where m.room_id in (${seeded}) and u.role = 'ATHLETE'`),
    ).toBe(0);
    // What the send path keeps: the last message time, and the director's unread count after their read position.
    expect(
      await count(sql`select count(*) as n from chat_rooms where id in (${seeded}) and last_message_at is null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from chat_room_members m
        where m.user_id = ${directorId} and m.room_id in (${seeded})
          and m.unread_count <> (select count(*) from chat_messages cm where cm.room_id = m.room_id and cm.id > m.last_read_message_id)`),
    ).toBe(0);
    // The messaging report's counts (decision 031) hold every kept message, nothing left to fold.
    expect(await count(sql`select count(*) as n from chat_message_count_changes`)).toBe(0);
    expect(
      await count(sql`select sum(messages) as n from chat_message_counts where organization_id = ${org?.id}`),
    ).toBe(
      await count(sql`select count(*) as n from chat_messages m join chat_rooms r on r.id = m.room_id
        where r.organization_id = ${org?.id} and m.sender_id is not null
          and m.deleted_at is null and m.message_type <> 'SYSTEM'`),
    );
  });
});
