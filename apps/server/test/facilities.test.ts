/**
 * Facilities as records (decision 010): CRUD with roles and tenants, events naming a facility by
 * id or (old clients, CSV) by name, conflicts by facility id, and migration 0026 turning the
 * free-text facility names into records.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CalendarConflict, calendarOccurrenceSchema, facilitySchema } from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import { auditLog, calendarEvents, facilities } from '../src/db/schema/index.ts';
import { seedDemoCalendar } from '../src/seed/demo-calendar.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createEmptyDatabaseUrl } from './helpers/db.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;

const year = new Date().getUTCFullYear() + 1;
const day = (d: number) => `${year}-04-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
});
afterAll(async () => {
  await app.close();
});

const practice = (overrides: Record<string, unknown> = {}) => ({
  type: 'PRACTICE',
  title: 'Varsity practice',
  teamId: school.varsity.id,
  start: `${day(7)}T16:00`,
  end: `${day(7)}T18:00`,
  ...overrides,
});

async function addFacility(body: Record<string, unknown>) {
  const res = await director.post('/api/facilities', body);
  expect(res.statusCode, res.body).toBe(201);
  return facilitySchema.parse(res.json().data);
}

describe('facilities CRUD', () => {
  it('adds, lists, edits and archives; names are unique per school in any case', async () => {
    const gym = await addFacility({
      name: 'North Gym',
      address: '1 School St',
      capacity: 900,
      hours: 'Mon–Fri 6 am – 10 pm',
    });
    expect(gym).toMatchObject({ name: 'North Gym', capacity: 900, hours: 'Mon–Fri 6 am – 10 pm', archived: false });

    const dup = await director.post('/api/facilities', { name: '  north gym ' });
    expect(dup.statusCode).toBe(409);
    expect(Object.keys(dup.json()).sort()).toEqual(['id', 'message', 'statusCode']);
    expect(dup.json().message).toMatch(/already exists/);

    const pool = await addFacility({ name: 'Pool' });
    const rename = await director.patch(`/api/facilities/${pool.id}`, { name: 'NORTH GYM' });
    expect(rename.statusCode).toBe(409);
    const edited = await director.patch(`/api/facilities/${pool.id}`, {
      name: 'Natatorium',
      capacity: 300,
      address: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Natatorium', capacity: 300, address: null });

    const archived = await director.delete(`/api/facilities/${pool.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived).toBe(true);
    const active = (await director.get('/api/facilities')).json().data as { name: string }[];
    expect(active.map((f) => f.name)).toContain('North Gym');
    expect(active.map((f) => f.name)).not.toContain('Natatorium');
    const all = (await director.get('/api/facilities?includeArchived=true')).json().data as { name: string }[];
    expect(all.map((f) => f.name)).toContain('Natatorium');

    const bad = await director.post('/api/facilities', { name: '', capacity: -1 });
    expect(bad.statusCode).toBe(400);
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'facility'));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['facility.create', 'facility.update', 'facility.archive']),
    );
  });

  it('refuses coaches, athletes and parents; other schools’ facilities are not there', async () => {
    const gym = await addFacility({ name: 'East Court' });
    for (const person of [school.coach, school.athlete, school.parent]) {
      const client = await as(app, person);
      expect((await client.get('/api/facilities')).statusCode).toBe(403);
      expect((await client.post('/api/facilities', { name: 'Mine' })).statusCode).toBe(403);
    }
    const rival = await as(app, other.director);
    expect((await rival.patch(`/api/facilities/${gym.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await rival.delete(`/api/facilities/${gym.id}`)).statusCode).toBe(404);
    expect((await rival.get(`/api/facilities?organizationId=${school.org.id}`)).statusCode).toBe(403);
    const theirs = (await rival.get('/api/facilities')).json().data as { name: string }[];
    expect(theirs.map((f) => f.name)).not.toContain('East Court');
    // The same name is free in another school.
    expect((await rival.post('/api/facilities', { name: 'East Court' })).statusCode).toBe(201);

    const superAdmin = await as(app, school.superAdmin);
    const inOther = await superAdmin.post(`/api/facilities?organizationId=${other.org.id}`, { name: 'Field House' });
    expect(inOther.statusCode).toBe(201);
    const otherList = (await rival.get('/api/facilities')).json().data as { name: string }[];
    expect(otherList.map((f) => f.name)).toContain('Field House');
  });

  it('refuses a malformed organizationId rather than using the SUPER_ADMIN’s own school', async () => {
    const superAdmin = await as(app, school.superAdmin);
    const list = await superAdmin.get('/api/facilities?organizationId=abc');
    expect(list.statusCode).toBe(400);
    expect(Object.keys(list.json()).sort()).toEqual(['id', 'message', 'statusCode']);
    const add = await superAdmin.post('/api/facilities?organizationId=-1', { name: 'Wrong School Gym' });
    expect(add.statusCode).toBe(400);
  });
});

describe('events in facilities', () => {
  it('books by id, conflicts by id, and keeps the name in step with a rename', async () => {
    const court = await addFacility({ name: 'Center Court' });
    const first = await director.post('/api/calendar/events', practice({ facilityId: court.id, teamId: null }));
    expect(first.statusCode, first.body).toBe(201);
    const saved = calendarOccurrenceSchema.parse(first.json().data);
    expect(saved).toMatchObject({ facilityId: court.id, facility: 'Center Court' });

    // Another event in the same facility at an overlapping time: a facility conflict.
    const clash = await director.post(
      '/api/calendar/events',
      practice({ facilityId: court.id, teamId: school.jv.id, start: `${day(7)}T17:00`, end: `${day(7)}T19:00` }),
    );
    expect(clash.statusCode).toBe(409);
    const conflicts = clash.json().data.conflicts as CalendarConflict[];
    expect(conflicts.map((c) => [c.reason, c.occurrence.eventId])).toEqual([['FACILITY', saved.eventId]]);

    // An old client naming it in another case is the same facility.
    const byName = await director.get(
      `/api/calendar/conflicts?start=${day(7)}T17:00&end=${day(7)}T17:30&facility=${encodeURIComponent('center court')}`,
    );
    expect(byName.json().data.conflicts).toHaveLength(1);
    const byId = await director.get(
      `/api/calendar/conflicts?start=${day(7)}T17:00&end=${day(7)}T17:30&facilityId=${court.id}`,
    );
    expect(byId.json().data.conflicts).toHaveLength(1);
    // Another school's facility is not there for this school's check, as for its events.
    const theirs = await (await as(app, school.superAdmin)).post(`/api/facilities?organizationId=${other.org.id}`, {
      name: 'Their Court',
    });
    const foreign = await director.get(
      `/api/calendar/conflicts?start=${day(7)}T17:00&end=${day(7)}T17:30&facilityId=${theirs.json().data.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, message: expect.any(String) });

    // A different facility at the same time does not conflict.
    const annex = await addFacility({ name: 'Annex' });
    const elsewhere = await director.post(
      '/api/calendar/events',
      practice({ facilityId: annex.id, teamId: school.jv.id, start: `${day(7)}T17:00`, end: `${day(7)}T19:00` }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    // Moving it into the booked facility conflicts; by name it resolves to the record too.
    const moved = await director.patch(`/api/calendar/events/${elsewhere.json().data.eventId}`, {
      facility: 'CENTER COURT',
    });
    expect(moved.statusCode).toBe(409);

    // The filter shows only that facility's events.
    const from = encodeURIComponent(`${day(6)}T00:00:00Z`);
    const to = encodeURIComponent(`${day(9)}T00:00:00Z`);
    const only = await director.get(`/api/calendar/events?from=${from}&to=${to}&facilityId=${court.id}`);
    expect(only.json().data.occurrences.map((o: { eventId: number }) => o.eventId)).toEqual([saved.eventId]);

    // A rename shows on its events (notices, feeds and CSV print the stored name).
    expect((await director.patch(`/api/facilities/${court.id}`, { name: 'Court One' })).statusCode).toBe(200);
    const [row] = await app.database.db.select().from(calendarEvents).where(eq(calendarEvents.id, saved.eventId));
    expect(row).toMatchObject({ facilityId: court.id, facility: 'Court One' });

    // Archived facilities are not offered to new events; clearing with 0 works.
    await director.delete(`/api/facilities/${annex.id}`);
    const archivedUse = await director.post(
      '/api/calendar/events',
      practice({ facilityId: annex.id, start: `${day(8)}T10:00`, end: `${day(8)}T11:00` }),
    );
    expect(archivedUse.statusCode).toBe(400);
    const cleared = await director.patch(`/api/calendar/events/${saved.eventId}`, { facilityId: 0 });
    expect(cleared.json().data).toMatchObject({ facilityId: null, facility: null });
  });

  it('matches an old client’s facility name or creates the record; another school’s id is 404', async () => {
    const res = await director.post(
      '/api/calendar/events',
      practice({ facility: 'Practice Field B', start: `${day(14)}T16:00`, end: `${day(14)}T17:00` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const list = (await director.get('/api/facilities')).json().data as { id: number; name: string }[];
    const created = list.find((f) => f.name === 'Practice Field B');
    expect(created).toBeDefined();
    expect(res.json().data.facilityId).toBe(created?.id);
    const again = await director.post(
      '/api/calendar/events',
      practice({
        facility: 'practice field b',
        teamId: school.jv.id,
        start: `${day(15)}T16:00`,
        end: `${day(15)}T17:00`,
      }),
    );
    expect(again.json().data).toMatchObject({ facilityId: created?.id, facility: 'Practice Field B' });

    const rival = await as(app, other.director);
    const theirs = await rival.post('/api/calendar/events', practice({ teamId: null, facilityId: created?.id }));
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the demo seed', () => {
  it('books every seeded event in a facility record', async () => {
    const db = app.database.db;
    const count = await seedDemoCalendar(db, other.org.id, 'America/Chicago', null);
    expect(count).toBeGreaterThan(0);
    const rows = await db.select().from(calendarEvents).where(eq(calendarEvents.organizationId, other.org.id));
    const places = await db.select().from(facilities).where(eq(facilities.organizationId, other.org.id));
    const names = new Map(places.map((f) => [f.id, f.name]));
    expect(places.map((f) => f.name)).toEqual(expect.arrayContaining(['Main Gym', 'Auxiliary Gym', 'Auditorium']));
    const booked = rows.filter((r) => r.facility);
    expect(booked.length).toBeGreaterThan(0);
    for (const r of booked) expect(names.get(r.facilityId ?? 0), r.title).toBe(r.facility);
  });
});

describe('migration 0026', () => {
  it('turns free-text facility names into one record per school and links the events', async () => {
    // The migrations up to 0025 in their own folder, then the real folder: 0026 runs on old rows.
    const before = mkdtempSync(join(tmpdir(), 'fh-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0026');
    writeFileSync(journalPath, JSON.stringify(journal));

    const empty = await createEmptyDatabaseUrl();
    const dataDir = empty ? '' : mkdtempSync(join(tmpdir(), 'fh-migrate-db-'));
    const database = await openDatabase(empty ? { databaseUrl: empty.url, dataDir: '' } : { dataDir });
    try {
      await runMigrations(database, before);
      const db = database.db;
      await db.execute(sql`insert into organizations (id, name, slug) values (901, 'A', 'a-901'), (902, 'B', 'b-902')`);
      const names = [
        [901, 'Main Gym'],
        [901, 'main gym '],
        [901, 'Main Gym'],
        [901, 'Field 2'],
        [901, null],
        [901, '  '],
        [902, 'MAIN GYM'],
      ] as const;
      for (const [i, [org, facility]] of names.entries()) {
        await db.execute(
          sql`insert into calendar_events (organization_id, type, title, starts_at, ends_at, facility)
              values (${org}, 'PRACTICE', ${`E${i}`}, now(), now() + interval '1 hour', ${facility})`,
        );
      }
      await runMigrations(database);
      const facilities = await db.execute<{ organization_id: number; name: string; id: number }>(
        sql`select id, organization_id, name from facilities order by organization_id, name`,
      );
      expect(facilities.rows.map((r) => [r.organization_id, r.name])).toEqual([
        [901, 'Field 2'],
        [901, 'Main Gym'],
        [902, 'MAIN GYM'],
      ]);
      const events = await db.execute<{ title: string; facility: string | null; facility_id: number | null }>(
        sql`select title, facility, facility_id from calendar_events order by title`,
      );
      const byName = new Map(facilities.rows.map((r) => [`${r.organization_id}:${r.name}`, r.id]));
      expect(events.rows.map((r) => [r.title, r.facility, r.facility_id])).toEqual([
        ['E0', 'Main Gym', byName.get('901:Main Gym')],
        ['E1', 'Main Gym', byName.get('901:Main Gym')],
        ['E2', 'Main Gym', byName.get('901:Main Gym')],
        ['E3', 'Field 2', byName.get('901:Field 2')],
        ['E4', null, null],
        ['E5', '  ', null],
        ['E6', 'MAIN GYM', byName.get('902:MAIN GYM')],
      ]);
    } finally {
      await database.close();
      await empty?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(before, { recursive: true, force: true });
    }
  });
});
