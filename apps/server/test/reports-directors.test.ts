/**
 * The figures a director files (issue 19): events by month counting every occurrence of a series
 * (expected dates generated here by a plain loop over days, not by the calendar's expansion), and
 * participation totals by gender and level with unduplicated athletes (expected from plain SQL
 * over the raw rows, counted here). Data is built through the calendar API and the tables.
 */

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sports, teamMembers, teams } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School, THIS_SCHOOL_YEAR } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let director: Awaited<ReturnType<typeof as>>;
let boys: { id: number };
let xc: { id: number };

const get = async (url: string) => {
  const res = await director.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Northfield High');
  director = await as(app, school.director);
  const db = app.testDatabase.db;
  await db.execute(sql`update teams set level = 'JUNIOR_VARSITY' where id = ${school.jv.id}`);
  const [sport] = await db
    .insert(sports)
    .values({ name: `Track ${randomUUID().slice(0, 6)}`, icon: 'run' })
    .returning();
  const team = async (name: string, gender: 'BOYS' | 'COED', level: 'VARSITY' | 'FRESHMAN') => {
    const [row] = await db
      .insert(teams)
      .values({
        organizationId: school.org.id,
        sportId: sport?.id as number,
        name,
        gender,
        level,
        season: 'FALL',
        schoolYear: THIS_SCHOOL_YEAR,
      })
      .returning();
    return row as NonNullable<typeof row>;
  };
  boys = await team('Boys Freshman Track', 'BOYS', 'FRESHMAN');
  xc = await team('Coed Cross Country', 'COED', 'VARSITY');
  const person = (firstName: string, status: 'ACTIVE' | 'DELETED' = 'ACTIVE') =>
    buildUser(app, { role: 'ATHLETE', firstName, status, organizationId: school.org.id });
  const max = await person('Max');
  const gone = await person('Gone', 'DELETED');
  // Zoë (girls varsity) also runs coed cross country; Max runs boys track and cross country;
  // a deleted athlete stays on the boys' roster and must count nowhere.
  await db.insert(teamMembers).values([
    { teamId: xc.id, userId: school.athlete.id },
    { teamId: xc.id, userId: max.id },
    { teamId: boys.id, userId: max.id },
    { teamId: boys.id, userId: gone.id },
  ]);
  // Another school's athlete on its own team: never counted here.
  const other = await buildSchool(app, 'Southfield High');
  await db.insert(teamMembers).values({ teamId: other.jv.id, userId: other.athlete.id });
});
afterAll(async () => {
  await app.close();
});

describe('participation totals (Title IX / state association)', () => {
  type Raw = { team_id: number; user_id: number | null; gender: string; level: string };
  /** Independent of the report's SQL: the raw roster rows, counted in the test. */
  async function expected() {
    const { rows } = await app.testDatabase.db.execute<Raw>(sql`
      select t.id as team_id, u.id as user_id, t.gender::text as gender, t.level::text as level
      from teams t
      left join team_members tm on tm.team_id = t.id
      left join users u on u.id = tm.user_id and u.status <> 'DELETED'
      where t.organization_id = ${school.org.id}`);
    const count = (pick: Raw[]) => ({
      teams: new Set(pick.map((r) => r.team_id)).size,
      rosterSpots: pick.filter((r) => r.user_id !== null).length,
      athletes: new Set(pick.filter((r) => r.user_id !== null).map((r) => r.user_id)).size,
    });
    const by = (key: 'gender' | 'level') =>
      [...new Set(rows.map((r) => r[key]))].map((value) => ({
        [key]: value,
        ...count(rows.filter((r) => r[key] === value)),
      }));
    const pairs = [...new Set(rows.map((r) => `${r.gender}|${r.level}`))].map((pair) => {
      const [gender, level] = pair.split('|');
      return { gender, level, ...count(rows.filter((r) => r.gender === gender && r.level === level)) };
    });
    return { byGender: by('gender'), byLevel: by('level'), byGenderLevel: pairs, total: count(rows) };
  }

  it('counts an athlete on two teams once in the total, with rows by gender and level', async () => {
    const data = await get('/api/reports/participation');
    const want = await expected();
    expect(data.totals.total).toEqual(want.total);
    expect(data.totals.byGender).toEqual(expect.arrayContaining(want.byGender));
    expect(data.totals.byGender).toHaveLength(want.byGender.length);
    expect(data.totals.byLevel).toEqual(expect.arrayContaining(want.byLevel));
    expect(data.totals.byLevel).toHaveLength(want.byLevel.length);
    expect(data.totals.byGenderLevel).toEqual(expect.arrayContaining(want.byGenderLevel));
    expect(data.totals.byGenderLevel).toHaveLength(want.byGenderLevel.length);
    // The known figures: Zoë, Liam and Max; five roster spots; four teams.
    expect(data.totals.total).toEqual({ teams: 4, rosterSpots: 5, athletes: 3 });
    expect(data.totals.byGender.map((g: { gender: string }) => g.gender)).toEqual(['BOYS', 'GIRLS', 'COED']);
    expect(data.totals.byLevel.find((l: { level: string }) => l.level === 'VARSITY')).toEqual({
      level: 'VARSITY',
      teams: 2,
      rosterSpots: 3,
      athletes: 2,
    });
    // The per-team rows stay.
    expect(data.result).toHaveLength(4);
  });

  it('follows the filters', async () => {
    const fall = await get('/api/reports/participation?season=FALL');
    expect(fall.totals.total).toEqual({ teams: 2, rosterSpots: 3, athletes: 2 });
    expect(fall.totals.byGender).toEqual([
      { gender: 'BOYS', teams: 1, rosterSpots: 1, athletes: 1 },
      { gender: 'COED', teams: 1, rosterSpots: 2, athletes: 2 },
    ]);
  });

  it('exports the teams and the totals with the screen’s words and the codes as extra columns', async () => {
    const res = await director.get('/api/reports/participation.csv?season=FALL');
    expect(res.statusCode).toBe(200);
    const [teamsTable, totalsTable] = res.body.split('\r\n\r\n');
    const teamLines = (teamsTable as string).split('\r\n');
    expect(teamLines[0]).toBe(
      'Sport,Season,School year,Team,Level,Gender,Status,Athletes,Coaches,Level code,Gender code',
    );
    expect(teamLines[1]).toMatch(
      new RegExp(`^Track \\w+,Fall,${THIS_SCHOOL_YEAR},Boys Freshman Track,Freshman,Boys,Active,1,0,FRESHMAN,BOYS$`),
    );
    expect((totalsTable as string).split('\r\n')).toEqual([
      'By,Group,Teams,Roster spots,Athletes (unduplicated)',
      'Gender,Boys,1,1,1',
      'Gender,Coed,1,2,2',
      'Level,Varsity,1,2,2',
      'Level,Freshman,1,1,1',
      'Gender and level,Boys freshman,1,1,1',
      'Gender and level,Coed varsity,1,2,2',
      'Total,All teams,2,3,2',
      '',
    ]);
    const all = await director.get('/api/reports/participation.csv');
    expect(all.body).toContain(',Girls JV Basketball,Junior varsity,Girls,Active,1,0,JUNIOR_VARSITY,GIRLS\r\n');
    expect(all.body).not.toMatch(/,JUNIOR_VARSITY,JUNIOR_VARSITY|,Junior varsity,GIRLS/);
  });
});

describe('events by month count occurrences', () => {
  const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
  let seriesId: number;

  beforeAll(async () => {
    // Tuesdays and Thursdays, 3:30 pm in Chicago, across the end of daylight time (1 November).
    const res = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'XC practice',
      teamId: xc.id,
      start: '2026-10-20T15:30',
      end: '2026-10-20T17:00',
      repeat: { byDay: ['TU', 'TH'], until: '2026-11-24' },
    });
    expect(res.statusCode, res.body).toBe(201);
    seriesId = res.json().data.eventId;
    const occurrence = (date: string, hour: string) => new Date(`${date}T${hour}`).toISOString();
    // Cancel 22 Oct, delete 5 Nov, move 29 Oct to Monday 2 Nov.
    const cancel = await director.post(`/api/calendar/events/${seriesId}/status`, {
      status: 'CANCELLED',
      scope: 'occurrence',
      occurrenceStart: occurrence('2026-10-22', '15:30:00-05:00'),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const del = await director.delete(
      `/api/calendar/events/${seriesId}?scope=occurrence&occurrenceStart=${encodeURIComponent(occurrence('2026-11-05', '15:30:00-06:00'))}`,
    );
    expect(del.statusCode, del.body).toBe(200);
    const move = await director.patch(`/api/calendar/events/${seriesId}`, {
      scope: 'occurrence',
      occurrenceStart: occurrence('2026-10-29', '15:30:00-05:00'),
      start: '2026-11-02T15:30',
      end: '2026-11-02T17:00',
    });
    expect(move.statusCode, move.body).toBe(200);
  });

  it('counts each occurrence in its month, as the calendar shows them', async () => {
    // Expected, by hand: every Tuesday and Thursday from 20 Oct to 24 Nov, minus the deleted date.
    const expected: Record<string, { SCHEDULED: number; CANCELLED: number }> = {};
    for (let d = new Date('2026-10-20T12:00:00Z'); d <= new Date('2026-11-24T12:00:00Z'); ) {
      const date = d.toISOString().slice(0, 10);
      d = new Date(d.getTime() + 86_400_000);
      if (!['TU', 'TH'].includes(WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] as string)) continue;
      if (date === '2026-11-05') continue;
      const month = date === '2026-10-29' ? '2026-11' : date.slice(0, 7);
      const status = date === '2026-10-22' ? 'CANCELLED' : 'SCHEDULED';
      const counts = expected[month] ?? { SCHEDULED: 0, CANCELLED: 0 };
      counts[status] += 1;
      expected[month] = counts;
    }
    const want = Object.entries(expected).flatMap(([month, c]) =>
      (['SCHEDULED', 'CANCELLED'] as const)
        .filter((s) => c[s] > 0)
        .map((status) => ({ month, type: 'PRACTICE', status, count: c[status] })),
    );
    const data = await get(`/api/reports/events?from=2026-10-01&to=2026-11-30&teamId=${xc.id}`);
    expect(data.result).toEqual(want);
    // October: 20, 27 scheduled and 22 cancelled (29 moved out); November: 2 (moved) + 7 dates - 5 Nov.
    expect(want).toEqual([
      { month: '2026-10', type: 'PRACTICE', status: 'SCHEDULED', count: 2 },
      { month: '2026-10', type: 'PRACTICE', status: 'CANCELLED', count: 1 },
      { month: '2026-11', type: 'PRACTICE', status: 'SCHEDULED', count: 7 },
    ]);
  });

  it('bounds months in the school’s zone and filters by status', async () => {
    // Only November: the series began in October but its November dates count.
    const nov = await get(`/api/reports/events?from=2026-11-01&to=2026-11-30&teamId=${xc.id}`);
    expect(nov.result).toEqual([{ month: '2026-11', type: 'PRACTICE', status: 'SCHEDULED', count: 7 }]);
    const cancelled = await get(`/api/reports/events?from=2026-10-01&to=2026-11-30&status=CANCELLED`);
    expect(cancelled.result).toEqual([{ month: '2026-10', type: 'PRACTICE', status: 'CANCELLED', count: 1 }]);
    const csv = await director.get(`/api/reports/events.csv?from=2026-10-01&to=2026-11-30&teamId=${xc.id}`);
    expect(csv.body).toBe(
      [
        'Month,Type,Status,Events,Month (YYYY-MM)',
        'Oct 2026,Practice,Scheduled,2,2026-10',
        'Oct 2026,Practice,Cancelled,1,2026-10',
        'Nov 2026,Practice,Scheduled,7,2026-11',
        '',
      ].join('\r\n'),
    );
  });
});
