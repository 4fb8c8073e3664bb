import type { CalendarConflict, CalendarImportResult } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents } from '../src/db/schema/index.ts';
import { calendarChange, contextFor } from '../src/modules/calendar/change.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;

// December 2026 (Tue Dec 1), America/Chicago; conflicts do not care whether the date has passed.
const year = 2026;
const dec = (day: number) => `${year}-12-${String(day).padStart(2, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
  const practice = await director.post('/api/calendar/events', {
    type: 'PRACTICE',
    title: 'Girls Varsity Basketball',
    teamId: school.varsity.id,
    start: `${dec(1)}T17:30`,
    end: `${dec(1)}T19:00`,
    facility: 'Main Gym',
  });
  expect(practice.statusCode, practice.body).toBe(201);
});
afterAll(async () => {
  await app.close();
});

const checkUrl = (extra = '') => `/api/calendar/conflicts?start=${dec(1)}T18:00&end=${dec(1)}T20:00${extra}`;

describe('the live conflict check', () => {
  it('answers the admins of the organization with what the time would double-book', async () => {
    for (const admin of [school.director, school.administrator, school.assistant]) {
      const res = await (await as(app, admin)).get(checkUrl('&facility=main%20gym'));
      expect(res.statusCode, res.body).toBe(200);
      const conflicts = res.json().data.conflicts as CalendarConflict[];
      expect(conflicts.map((c) => [c.reason, c.occurrence.title])).toEqual([['FACILITY', 'Girls Varsity Basketball']]);
    }
  });

  it('refuses coaches, athletes and parents', async () => {
    for (const person of [school.coach, school.athlete, school.parent]) {
      const res = await (await as(app, person)).get(checkUrl('&facility=Main%20Gym'));
      expect(res.statusCode).toBe(403);
      expect(res.json().statusCode).toBe(403);
    }
  });

  it('never shows another organization’s events, and its teams are not there', async () => {
    const stranger = await as(app, other.director);
    const theirs = await stranger.get(checkUrl('&facility=Main%20Gym'));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.conflicts).toEqual([]);
    expect((await stranger.get(checkUrl(`&teamId=${school.varsity.id}`))).statusCode).toBe(404);
    expect((await director.get(checkUrl(`&facility=Main%20Gym&organizationId=${other.org.id}`))).statusCode).toBe(403);
    const superAdmin = await as(app, school.superAdmin);
    const inOther = await superAdmin.get(checkUrl(`&facility=Main%20Gym&organizationId=${other.org.id}`));
    expect(inOther.json().data.conflicts).toEqual([]);
    const inOurs = await superAdmin.get(checkUrl(`&facility=Main%20Gym&organizationId=${school.org.id}`));
    expect(inOurs.json().data.conflicts).toHaveLength(1);
  });

  it('answers 400 for a time that ends before it starts', async () => {
    const res = await director.get(`/api/calendar/conflicts?start=${dec(1)}T20:00&end=${dec(1)}T18:00&facility=Gym`);
    expect(res.statusCode).toBe(400);
  });
});

describe('schedule import conflicts', () => {
  const rows = [
    // Row 2: the existing practice's gym at an overlapping time (another team).
    {
      row: 2,
      values: {
        date: `12/1/${year}`,
        startTime: '6:00 PM',
        endTime: '8:00 PM',
        type: 'Game',
        team: 'Girls JV Basketball',
        opponent: 'Central High',
        facility: 'main gym',
      },
    },
    // Rows 3 and 4: the same team twice on one evening, in different places.
    {
      row: 3,
      values: {
        date: `12/3/${year}`,
        startTime: '4:00 PM',
        endTime: '5:30 PM',
        type: 'Practice',
        team: 'Girls JV Basketball',
        facility: 'Aux Gym',
      },
    },
    {
      row: 4,
      values: {
        date: `12/3/${year}`,
        startTime: '5:00 PM',
        endTime: '6:00 PM',
        type: 'Meeting',
        title: 'JV film session',
        team: 'Girls JV Basketball',
        facility: 'Room 12',
      },
    },
    // Row 5: free.
    {
      row: 5,
      values: {
        date: `12/4/${year}`,
        startTime: '4:00 PM',
        type: 'Practice',
        team: 'Girls JV Basketball',
        facility: 'Aux Gym',
      },
    },
    // Row 6: clashes, but cancelled rows never conflict.
    {
      row: 6,
      values: {
        date: `12/1/${year}`,
        startTime: '6:00 PM',
        type: 'Practice',
        team: 'Girls Varsity Basketball',
        facility: 'Main Gym',
        status: 'Cancelled',
      },
    },
  ];
  const post = (body: Record<string, unknown>, user = director) =>
    user.post('/api/calendar/import/rows', body) as Promise<{
      statusCode: number;
      body: string;
      json: () => { message: string; data: CalendarImportResult };
    }>;

  it('lists rows that double-book existing events or each other in the preview', async () => {
    const res = await post({ rows, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe('All 5 rows are ready; 3 rows conflict');
    const byRow = Object.fromEntries(data.rows.map((r) => [r.row, r.conflicts]));
    expect(byRow[2]).toEqual([`Conflicts with Girls Varsity Basketball practice, Tue Dec 1, 5:30–7:00 PM in Main Gym`]);
    expect(byRow[3]).toEqual([
      'Conflicts with row 4: JV film session meeting, Thu Dec 3, 5:00–6:00 PM (same team, Girls JV Basketball)',
    ]);
    expect(byRow[4]).toEqual([
      'Conflicts with row 3: Girls JV Basketball Practice, Thu Dec 3, 4:00–5:30 PM (same team, Girls JV Basketball)',
    ]);
    expect(byRow[5]).toEqual([]);
    expect(byRow[6]).toEqual([]);
    expect(data.rows.every((r) => r.errors.length === 0)).toBe(true);
  });

  it('skips the conflicting rows when asked, and imports them anyway otherwise', async () => {
    const skipped = await post({ rows, dryRun: false, onConflict: 'skip' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().data).toMatchObject({ created: 2, skipped: 3 });
    expect(skipped.json().message).toBe('Imported 2 events; skipped 3 conflicting rows');
    const listed = await director.get(`/api/calendar/events?from=${dec(1)}T00:00:00Z&to=${dec(6)}T00:00:00Z`);
    expect(
      listed
        .json()
        .data.occurrences.map((o: { title: string }) => o.title)
        .sort(),
    ).toEqual(['Girls JV Basketball Practice', 'Girls Varsity Basketball', 'Girls Varsity Basketball Practice']);
    // Imported now, row 5 is on the calendar: the same file again conflicts with it.
    const again = await post({ rows: [rows[3]], dryRun: true });
    expect(again.json().data.rows[0]?.conflicts[0]).toMatch(/^Conflicts with Girls JV Basketball Practice, Fri Dec 4/);
    const anyway = await post({ rows: rows.slice(0, 3), dryRun: false });
    expect(anyway.json().data).toMatchObject({ created: 3, skipped: 0 });
  });

  it('checks conflicts on the CSV contract too, and refuses other roles', async () => {
    const csv = `date,startTime,endTime,type,title,team,facility\n${dec(1)},18:30,19:30,Practice,Extra,Girls JV Basketball,MAIN GYM\n`;
    const authorization = `Bearer ${(await signInAs(app, school.director.email)).idToken}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/calendar/import?dryRun=true',
      headers: { authorization, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows[0].conflicts.length).toBeGreaterThan(0);
    const coach = await as(app, school.coach);
    expect((await post({ rows, dryRun: true }, coach)).statusCode).toBe(403);
  });
});

describe('whole-series edits', () => {
  it('checks a moved date at its own time when the series takes another facility', async () => {
    const booked = await director.post('/api/calendar/events', {
      type: 'MEETING',
      title: 'Wrestling Club',
      start: `${dec(22)}T18:00`,
      end: `${dec(22)}T19:00`,
      facility: 'Wrestling Room',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // JV lifts on Mondays in the Weight Room; the Dec 21 date moved to Tuesday evening.
    const series = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'JV Lifting',
      teamId: school.jv.id,
      start: `${dec(14)}T15:00`,
      end: `${dec(14)}T16:00`,
      facility: 'Weight Room',
      repeat: { byDay: ['MO'], until: dec(28) },
    });
    expect(series.statusCode, series.body).toBe(201);
    const id = series.json().data.eventId as number;
    const moved = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'occurrence',
      occurrenceStart: new Date(`${dec(21)}T21:00:00Z`).toISOString(),
      start: `${dec(22)}T18:00`,
      end: `${dec(22)}T19:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // The rule's Mondays are free in the Wrestling Room; the moved Tuesday is not.
    const res = await director.patch(`/api/calendar/events/${id}`, { scope: 'series', facility: 'Wrestling Room' });
    expect(res.statusCode, res.body).toBe(409);
    const conflicts = res.json().data.conflicts as CalendarConflict[];
    expect(conflicts.map((c) => [c.reason, c.occurrence.title])).toEqual([['FACILITY', 'Wrestling Club']]);
    const confirmed = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'series',
      facility: 'Wrestling Room',
      confirmConflicts: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

// PostgreSQL only: on PGlite's one connection the import cannot read while another change holds
// the calendar lock, so the race this guards against cannot happen there.
it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
  'skips a row booked against while the import waited for the calendar lock',
  async () => {
    const db = app.testDatabase.db;
    const ctx = await contextFor(app, school.director, school.org.id);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // Another change books JV's evening; it holds the lock, uncommitted, until the import waits on it.
    const booking = calendarChange(ctx, async (tx) => {
      await tx.db.insert(calendarEvents).values({
        organizationId: school.org.id,
        teamId: school.jv.id,
        type: 'MEETING',
        title: 'JV Parents Night',
        startsAt: new Date(`${dec(29)}T00:00:00Z`),
        endsAt: new Date(`${dec(29)}T02:00:00Z`),
        createdById: school.director.id,
      });
      held();
      await gate;
    });
    await holding;
    const importing = director.post('/api/calendar/import/rows', {
      rows: [
        {
          row: 2,
          values: { date: `12/28/${year}`, startTime: '6:30 PM', type: 'Practice', team: 'Girls JV Basketball' },
        },
      ],
      dryRun: false,
      onConflict: 'skip',
    });
    const waiting = async () => {
      const result = await db.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objid = ${school.org.id}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    };
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    release();
    await booking;
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 0, skipped: 1 });
    expect(res.json().data.rows[0].conflicts).toEqual([expect.stringMatching(/JV Parents Night/)]);
  },
);
