/**
 * Reports (decision 011) on a small known school: exact counts, medians and the unanswered list,
 * filters, paging, CSV, authorization and tenancy, and bad filters answered as 400.
 */

import { randomUUID } from 'node:crypto';
import { pagedResponseSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  calendarEvents,
  chatMessages,
  chatRooms,
  organizations,
  sports,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.ts';
import type { AppUser } from '../src/modules/auth/authenticate.ts';
import { sendMessage } from '../src/modules/chat/messages.ts';
import { ensureDirectRoom, type Room } from '../src/modules/chat/rooms.ts';
import { schoolYearIn, todayIn } from '../src/modules/reports/common.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School, THIS_SCHOOL_YEAR } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;
let xcTeam: { id: number };
let xcSport: { id: number; name: string };
const rooms: Record<string, Room> = {};

/** Sends through the chat module, then pins the message to a known instant. */
async function say(room: Room, sender: AppUser, at: string, content = 'hello') {
  const db = app.testDatabase.db;
  const { message } = await sendMessage(db, sender, room, { content, messageType: 'TEXT' });
  await db
    .update(chatMessages)
    .set({ createdAt: new Date(at) })
    .where(eq(chatMessages.id, message.id));
}

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  const db = app.testDatabase.db;
  director = await as(app, school.director);

  // Roster and participation: a second sport and season, Zoë on three teams, a name to escape.
  const [sport] = await db
    .insert(sports)
    .values({ name: `Cross Country ${randomUUID().slice(0, 6)}`, icon: 'run' })
    .returning();
  xcSport = sport as NonNullable<typeof sport>;
  const [team] = await db
    .insert(teams)
    .values({
      organizationId: school.org.id,
      sportId: xcSport.id,
      name: 'Cross Country',
      gender: 'COED',
      season: 'FALL',
      schoolYear: THIS_SCHOOL_YEAR,
    })
    .returning();
  xcTeam = team as NonNullable<typeof team>;
  await db.insert(teamMembers).values([
    { teamId: xcTeam.id, userId: school.athlete.id },
    { teamId: school.jv.id, userId: school.athlete.id, jerseyNumber: '12' },
  ]);
  await db.update(users).set({ lastName: 'Smith, "Jr"' }).where(eq(users.id, school.athlete2.id));
  school.athlete2.lastName = 'Smith, "Jr"';
  await buildUser(app, { role: 'ATHLETE', status: 'SUSPENDED', organizationId: school.org.id, firstName: 'Sus' });

  // Messaging (America/Chicago, UTC-5 after 8 March 2026).
  rooms.coach = await ensureDirectRoom(db, school.director, school.coach);
  rooms.athlete = await ensureDirectRoom(db, school.administrator, school.athlete2);
  rooms.parent = await ensureDirectRoom(db, school.director, school.parent);
  rooms.noAdmin = await ensureDirectRoom(db, school.coach, school.athlete);
  await say(rooms.coach, school.coach, '2026-03-10T09:00:00-05:00');
  await say(rooms.coach, school.coach, '2026-03-10T09:05:00-05:00');
  await say(rooms.coach, school.director, '2026-03-10T09:30:00-05:00'); // 30 min
  await say(rooms.coach, school.coach, '2026-03-11T10:00:00-05:00');
  await say(rooms.coach, school.director, '2026-03-11T12:00:00-05:00'); // 2 h
  await say(rooms.athlete, school.athlete2, '2026-03-10T20:00:00-05:00');
  await say(rooms.athlete, school.administrator, '2026-03-10T20:10:00-05:00'); // 10 min
  await say(rooms.athlete, school.athlete2, '2026-03-12T08:00:00-05:00'); // waiting
  await say(rooms.parent, school.director, '2026-03-09T12:00:00-05:00');
  // 23:30 in Chicago is 04:30 UTC the next day: it belongs to 10 March.
  await say(rooms.parent, school.parent, '2026-03-10T23:30:00-05:00'); // waiting
  await say(rooms.parent, school.parent, '2026-03-10T23:45:00-05:00');
  await say(rooms.noAdmin, school.coach, '2026-03-10T10:00:00-05:00');
  // Another school's conversation, waiting too: never counted for Westfield.
  const otherRoom = await ensureDirectRoom(db, other.director, other.coach);
  await say(otherRoom, other.coach, '2026-03-10T09:00:00-05:00');

  await db.insert(calendarEvents).values([
    {
      organizationId: school.org.id,
      teamId: school.varsity.id,
      type: 'GAME',
      title: 'vs Eastview',
      startsAt: new Date('2026-03-05T18:00:00-06:00'),
      endsAt: new Date('2026-03-05T20:00:00-06:00'),
    },
    {
      organizationId: school.org.id,
      teamId: school.varsity.id,
      type: 'GAME',
      status: 'CANCELLED',
      title: 'at Northside',
      // 04:30 UTC on 1 April, still 31 March in Chicago.
      startsAt: new Date('2026-03-31T23:30:00-05:00'),
      endsAt: new Date('2026-04-01T01:00:00-05:00'),
    },
    {
      organizationId: school.org.id,
      teamId: school.jv.id,
      type: 'PRACTICE',
      title: 'JV practice',
      startsAt: new Date('2026-04-02T16:00:00-05:00'),
      endsAt: new Date('2026-04-02T18:00:00-05:00'),
    },
    {
      organizationId: other.org.id,
      type: 'GAME',
      title: 'Other school game',
      startsAt: new Date('2026-03-06T18:00:00-06:00'),
      endsAt: new Date('2026-03-06T20:00:00-06:00'),
    },
  ]);
});
afterAll(async () => {
  await app.close();
});

const get = async (url: string, client = director) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const paged = pagedResponseSchema(z.unknown());

describe('roster by team', () => {
  it('lists every athlete per team with guardians and contact, paged in the SPEC §3 shape', async () => {
    const res = await director.get('/api/reports/roster');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(paged.safeParse(body).success).toBe(true);
    expect(body.data.paginationInfo).toEqual({
      isFirstPage: true,
      isLastPage: true,
      currentPage: 1,
      previousPage: null,
      nextPage: null,
      pageCount: 1,
      totalCount: 4,
    });
    const rows = body.data.result as { teamName: string; athleteName: string; jerseyNumber: string | null }[];
    expect(rows.map((r) => [r.teamName, r.athleteName, r.jerseyNumber])).toEqual([
      ['Cross Country', 'Zoë Núñez', null],
      ['Girls JV Basketball', 'Zoë Núñez', '12'],
      ['Girls JV Basketball', 'Liam Smith, "Jr"', null],
      ['Girls Varsity Basketball', 'Zoë Núñez', '7'],
    ]);
    expect(body.data.result[3]).toMatchObject({
      email: school.athlete.email,
      sport: school.sport.name,
      season: 'WINTER',
      guardians: [{ name: 'Paula Núñez', relationship: 'Mother', email: school.parent.email, contactNumber: null }],
    });
  });

  it('filters by team, sport and season and pages', async () => {
    expect((await get(`/api/reports/roster?teamId=${school.varsity.id}`)).result).toHaveLength(1);
    expect((await get(`/api/reports/roster?sportId=${xcSport.id}`)).result).toHaveLength(1);
    expect((await get('/api/reports/roster?season=WINTER')).result).toHaveLength(3);
    const page2 = await get('/api/reports/roster?limit=3&page=2');
    expect(page2.result.map((r: { teamName: string }) => r.teamName)).toEqual(['Girls Varsity Basketball']);
    expect(page2.paginationInfo).toMatchObject({ currentPage: 2, pageCount: 2, totalCount: 4, isLastPage: true });
    const beyond = await get('/api/reports/roster?limit=3&page=9');
    expect(beyond.result).toEqual([]);
    expect(beyond.paginationInfo.totalCount).toBe(4);
  });

  it('exports every row as escaped CSV with an attachment header', async () => {
    const res = await director.get('/api/reports/roster.csv?limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="roster-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'Team,Sport,Season,School year,Athlete,#,Email,Phone,Status,Guardians,Guardian emails,Guardian phones',
    );
    expect(lines).toHaveLength(6); // header, 4 rows, the empty string after the last CRLF
    expect(lines[3]).toBe(
      `Girls JV Basketball,${school.sport.name},Winter,${THIS_SCHOOL_YEAR},"Liam Smith, ""Jr""",,${school.athlete2.email},,Active,,,`,
    );
    expect(lines[4]).toBe(
      `Girls Varsity Basketball,${school.sport.name},Winter,${THIS_SCHOOL_YEAR},Zoë Núñez,7,${school.athlete.email},,Active,Paula Núñez (Mother),${school.parent.email},`,
    );
  });
});

describe('users by role and status', () => {
  it('counts every role and status of the organization only', async () => {
    const { result } = await get('/api/reports/users');
    expect(result).toEqual([
      { role: 'SUPER_ADMIN', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
      { role: 'ATHLETIC_DIRECTOR', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
      { role: 'ATHLETIC_ADMINISTRATOR', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
      { role: 'ASSISTANT_ATHLETIC_DIRECTOR', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
      { role: 'ATHLETE', ACTIVE: 2, INACTIVE: 0, SUSPENDED: 1, DELETED: 0, total: 3 },
      { role: 'COACH', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
      { role: 'PARENT', ACTIVE: 1, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 1 },
    ]);
  });

  it('filters by role, status and team, and exports CSV', async () => {
    expect((await get('/api/reports/users?role=ATHLETE&status=SUSPENDED')).result).toEqual([
      { role: 'ATHLETE', ACTIVE: 0, INACTIVE: 0, SUSPENDED: 1, DELETED: 0, total: 1 },
    ]);
    const team = (await get(`/api/reports/users?teamId=${school.varsity.id}`)).result as {
      role: string;
      total: number;
    }[];
    expect(team.filter((r) => r.total > 0)).toEqual([
      expect.objectContaining({ role: 'ATHLETE', total: 1 }),
      expect.objectContaining({ role: 'COACH', total: 1 }),
    ]);
    const csv = await director.get('/api/reports/users.csv?role=COACH');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="users-by-role-/);
    expect(csv.body).toBe('Role,Active,Inactive,Suspended,Deleted,Total,Role code\r\nCoach,1,0,0,0,1,COACH\r\n');
  });
});

describe('teams and participation', () => {
  it('counts athletes and coaches per team and distinct athletes per sport and season', async () => {
    const data = await get('/api/reports/participation');
    expect(data.paginationInfo.totalCount).toBe(3);
    const byName = Object.fromEntries(
      (data.result as { teamName: string; athletes: number; coaches: number }[]).map((t) => [
        t.teamName,
        [t.athletes, t.coaches],
      ]),
    );
    expect(byName).toEqual({
      'Cross Country': [1, 0],
      'Girls JV Basketball': [2, 0],
      'Girls Varsity Basketball': [1, 1],
    });
    // Zoë plays on both basketball teams: the winter basketball summary counts her once.
    expect(data.summary).toEqual(
      [
        { sport: school.sport.name, season: 'WINTER', teams: 2, athletes: 2 },
        { sport: xcSport.name, season: 'FALL', teams: 1, athletes: 1 },
      ].sort((a, b) => a.sport.localeCompare(b.sport)),
    );
    const fall = await get('/api/reports/participation?season=FALL');
    expect(fall.result).toHaveLength(1);
    expect(fall.summary).toEqual([{ sport: xcSport.name, season: 'FALL', teams: 1, athletes: 1 }]);
    const page = await get('/api/reports/participation?limit=2&page=2');
    expect(page.result).toHaveLength(1);
    expect(page.paginationInfo).toMatchObject({ currentPage: 2, pageCount: 2, previousPage: 1, nextPage: null });
    const csv = await director.get(`/api/reports/participation.csv?sportId=${xcSport.id}`);
    expect(csv.body).toBe(
      `Sport,Season,School year,Team,Level,Gender,Status,Athletes,Coaches,Level code,Gender code\r\n${xcSport.name},Fall,${THIS_SCHOOL_YEAR},Cross Country,Varsity,Coed,Active,1,0,VARSITY,COED\r\n` +
        '\r\nBy,Group,Teams,Roster spots,Athletes (unduplicated)\r\nGender,Coed,1,1,1\r\nLevel,Varsity,1,1,1\r\nGender and level,Coed varsity,1,1,1\r\nTotal,All teams,1,1,1\r\n',
    );
  });
});

describe('participation by school year', () => {
  it('counts the current school year by default, another one when asked', async () => {
    const db = app.testDatabase.db;
    const north = await buildSchool(app, 'Northside High');
    const [football] = await db
      .insert(sports)
      .values({ name: `Football ${randomUUID().slice(0, 6)}`, icon: 'ball-american-football' })
      .returning();
    const thisYear = schoolYearIn('America/Chicago');
    const start = Number(thisYear.slice(0, 4)) - 1;
    const lastYear = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    const team = async (schoolYear: string) => {
      const [row] = await db
        .insert(teams)
        .values({
          organizationId: north.org.id,
          sportId: football?.id as number,
          name: `Fall Football ${schoolYear}`,
          gender: 'BOYS',
          season: 'FALL',
          schoolYear,
          status: schoolYear === thisYear ? 'ACTIVE' : 'ARCHIVED',
        })
        .returning();
      return row as NonNullable<typeof row>;
    };
    const current = await team(thisYear);
    const past = await team(lastYear);
    await db.insert(teamMembers).values([
      { teamId: current.id, userId: north.athlete.id },
      { teamId: past.id, userId: north.athlete2.id },
    ]);
    const northDirector = await as(app, north.director);
    const footballRow = (data: { summary: { sport: string }[] }) =>
      data.summary.filter((r) => r.sport === football?.name);
    const now = await get('/api/reports/participation', northDirector);
    expect(footballRow(now)).toEqual([{ sport: football?.name, season: 'FALL', teams: 1, athletes: 1 }]);
    expect(now.schoolYear).toBe(thisYear);
    expect(now.result.map((t: { teamId: number }) => t.teamId)).toContain(current.id);
    expect(now.result.map((t: { teamId: number }) => t.teamId)).not.toContain(past.id);
    const before = await get(`/api/reports/participation?schoolYear=${lastYear}`, northDirector);
    expect(before.result.map((t: { teamId: number }) => t.teamId)).toEqual([past.id]);
    expect(before.totals.total).toEqual({ teams: 1, rosterSpots: 1, athletes: 1 });
    const csv = await northDirector.get(`/api/reports/participation.csv?schoolYear=${lastYear}`);
    expect(csv.body).toContain(`Fall Football ${lastYear}`);
    expect(csv.body).not.toContain(`Fall Football ${thisYear}`);
  });
});

describe('messaging activity', () => {
  const range = '?from=2026-03-09&to=2026-03-12';

  it('counts messages per day in the school’s time zone, by the sender’s group', async () => {
    const data = await get(`/api/reports/messaging${range}`);
    expect(data).toMatchObject({ from: '2026-03-09', to: '2026-03-12', timezone: 'America/Chicago' });
    expect(data.days).toEqual([
      { day: '2026-03-09', COACHES: 0, ATHLETES: 0, GUARDIANS: 0, STAFF: 1, total: 1 },
      { day: '2026-03-10', COACHES: 3, ATHLETES: 1, GUARDIANS: 2, STAFF: 2, total: 8 },
      { day: '2026-03-11', COACHES: 1, ATHLETES: 0, GUARDIANS: 0, STAFF: 1, total: 2 },
      { day: '2026-03-12', COACHES: 0, ATHLETES: 1, GUARDIANS: 0, STAFF: 0, total: 1 },
    ]);
  });

  it('gives the median first-response time per group, counting only runs that start in the range', async () => {
    expect((await get(`/api/reports/messaging${range}`)).firstResponse).toEqual([
      { group: 'COACHES', conversationsStarted: 2, answered: 2, medianSeconds: 4500 },
      { group: 'ATHLETES', conversationsStarted: 2, answered: 1, medianSeconds: 600 },
      { group: 'GUARDIANS', conversationsStarted: 1, answered: 0, medianSeconds: null },
    ]);
    // From 11 March the guardian's 23:30 message (already 11 March in UTC) is outside.
    expect((await get('/api/reports/messaging?from=2026-03-11&to=2026-03-12')).firstResponse).toEqual([
      { group: 'COACHES', conversationsStarted: 1, answered: 1, medianSeconds: 7200 },
      { group: 'ATHLETES', conversationsStarted: 1, answered: 0, medianSeconds: null },
      { group: 'GUARDIANS', conversationsStarted: 0, answered: 0, medianSeconds: null },
    ]);
    const coaches = await get(`/api/reports/messaging${range}&group=COACHES`);
    expect(coaches.firstResponse).toEqual([
      { group: 'COACHES', conversationsStarted: 2, answered: 2, medianSeconds: 4500 },
    ]);
    expect(coaches.days[1]).toEqual({ day: '2026-03-10', COACHES: 3, ATHLETES: 0, GUARDIANS: 0, STAFF: 0, total: 3 });
  });

  it('defaults to the last 30 days up to today in the school’s zone', async () => {
    const data = await get('/api/reports/messaging');
    expect(data.to).toBe(todayIn('America/Chicago'));
    expect(data.days).toHaveLength(30);
    expect(data.days[29].day).toBe(data.to);
  });

  it('exports the daily counts and the response times as CSV', async () => {
    const res = await director.get(`/api/reports/messaging.csv${range}`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="messaging-/);
    expect(res.body).toBe(
      [
        'Day,Coaches,Athletes,Guardians,Staff,Total',
        '2026-03-09,0,0,0,1,1',
        '2026-03-10,3,1,2,2,8',
        '2026-03-11,1,0,0,1,2',
        '2026-03-12,0,1,0,0,1',
        '',
        'Group,Conversations started,Answered,Median first response,Median first response (seconds)',
        'Coaches,2,2,1 h 15 min,4500',
        'Athletes,2,1,10 min,600',
        'Guardians,1,0,,',
        '',
      ].join('\r\n'),
    );
  });
});

describe('unanswered conversations', () => {
  it('lists direct rooms waiting for an admin, oldest first, with the waiting time', async () => {
    const data = await get('/api/reports/unanswered');
    expect(data.paginationInfo.totalCount).toBe(2);
    expect(data.result).toEqual([
      expect.objectContaining({
        roomId: rooms.parent?.id,
        group: 'GUARDIANS',
        counterpart: { id: school.parent.id, name: 'Paula Núñez', role: 'PARENT' },
        admin: { id: school.director.id, name: 'Dana Director' },
        waitingSince: '2026-03-11T04:30:00.000Z',
        lastMessageAt: '2026-03-11T04:45:00.000Z',
        waitingMessages: 2,
      }),
      expect.objectContaining({
        roomId: rooms.athlete?.id,
        group: 'ATHLETES',
        counterpart: { id: school.athlete2.id, name: 'Liam Smith, "Jr"', role: 'ATHLETE' },
        waitingSince: '2026-03-12T13:00:00.000Z',
        waitingMessages: 1,
      }),
    ]);
    const waited = (Date.now() - Date.parse('2026-03-11T04:30:00Z')) / 1000;
    expect(Math.abs(data.result[0].waitingSeconds - waited)).toBeLessThan(60);
  });

  it('filters by group, pages and exports CSV', async () => {
    const athletes = await get('/api/reports/unanswered?group=ATHLETES');
    expect(athletes.result.map((r: { roomId: number }) => r.roomId)).toEqual([rooms.athlete?.id]);
    const page2 = await get('/api/reports/unanswered?limit=1&page=2');
    expect(page2.result.map((r: { roomId: number }) => r.roomId)).toEqual([rooms.athlete?.id]);
    expect(page2.paginationInfo).toMatchObject({ totalCount: 2, pageCount: 2, isLastPage: true });
    const csv = await director.get('/api/reports/unanswered.csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Waiting,From,Role,Group,Staff member,Since (America/Chicago),Last message (America/Chicago),Messages,Waiting (seconds)',
    );
    // Local date-times of the school, readable: 23:30 in Chicago stays 10 March, not 11 March UTC.
    expect(lines[1]).toMatch(
      /^\d+ d( \d+ h)?,Paula Núñez,Guardian,Guardians,Dana Director,"Mar 10, 2026, 11:30 PM","Mar 10, 2026, 11:45 PM",2,\d+$/,
    );
    expect(lines[2]).toMatch(/^[^,]+,"Liam Smith, ""Jr""",Athlete,Athletes,Ari Admin,/);
  });

  it('an answered room leaves the list', async () => {
    const db = app.testDatabase.db;
    const room = await ensureDirectRoom(db, school.assistant, school.coach);
    await say(room, school.coach, '2026-03-01T09:00:00-06:00');
    expect((await get('/api/reports/unanswered')).paginationInfo.totalCount).toBe(3);
    await say(room, school.assistant, '2026-03-01T09:30:00-06:00');
    expect((await get('/api/reports/unanswered')).paginationInfo.totalCount).toBe(2);
  });
});

describe('unanswered conversations of deleted people', () => {
  it('leaves out a conversation whose counterpart is deleted, and keeps one whose admin has left', async () => {
    const db = app.testDatabase.db;
    const gone = await buildUser(app, { role: 'COACH', organizationId: school.org.id, firstName: 'Gone' });
    const room = await ensureDirectRoom(db, school.director, gone);
    await say(room, gone, '2026-03-02T09:00:00-06:00');
    const waiting = async () =>
      ((await get('/api/reports/unanswered?limit=100')).result as { roomId: number }[]).map((r) => r.roomId);
    expect(await waiting()).toContain(room.id);
    await db.update(users).set({ status: 'DELETED' }).where(eq(users.id, gone.id));
    expect(await waiting()).not.toContain(room.id);

    const leaver = await buildUser(app, { role: 'ATHLETIC_ADMINISTRATOR', organizationId: school.org.id });
    const orphan = await ensureDirectRoom(db, leaver, school.coach);
    await say(orphan, school.coach, '2026-03-02T10:00:00-06:00');
    expect(await waiting()).toContain(orphan.id);
    await db.update(users).set({ status: 'DELETED' }).where(eq(users.id, leaver.id));
    // The coach still waits: the director sees it, on a person who has left, and can step in.
    expect(await waiting()).toContain(orphan.id);
    // Leave the school's list as the later cases count it.
    await db.delete(chatRooms).where(eq(chatRooms.id, orphan.id));
  });
});

describe('events by type and status per month', () => {
  it('counts events per month of the school’s calendar', async () => {
    const data = await get('/api/reports/events?from=2026-03-01&to=2026-04-30');
    expect(data.result).toEqual([
      { month: '2026-03', type: 'GAME', status: 'SCHEDULED', count: 1 },
      { month: '2026-03', type: 'GAME', status: 'CANCELLED', count: 1 },
      { month: '2026-04', type: 'PRACTICE', status: 'SCHEDULED', count: 1 },
    ]);
    expect((await get(`/api/reports/events?from=2026-03-01&to=2026-04-30&teamId=${school.jv.id}`)).result).toEqual([
      { month: '2026-04', type: 'PRACTICE', status: 'SCHEDULED', count: 1 },
    ]);
    expect((await get('/api/reports/events?from=2026-03-01&to=2026-04-30&status=CANCELLED')).result).toHaveLength(1);
    const csv = await director.get('/api/reports/events.csv?from=2026-03-01&to=2026-04-30&type=GAME');
    expect(csv.body).toBe(
      'Month,Type,Status,Events,Month (YYYY-MM)\r\nMar 2026,Game,Scheduled,1,2026-03\r\nMar 2026,Game,Cancelled,1,2026-03\r\n',
    );
  });
});

describe('events with one end of the range', () => {
  it('derives the other end from the given one: twelve months from `from`, or up to `to`', async () => {
    const today = todayIn('America/Chicago');
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
    const ahead = await get(`/api/reports/events?from=${later}`);
    expect(ahead.from).toBe(later);
    const [y, m] = later.split('-').map(Number) as [number, number];
    expect(ahead.to).toBe(new Date(Date.UTC(y, m + 11, 0)).toISOString().slice(0, 10));
    expect(await get('/api/reports/events?to=2026-04-15')).toMatchObject({ from: '2025-05-01', to: '2026-04-15' });
  });
});

describe('the school’s day and zone', () => {
  it('dates CSV files by the school’s day and names the zone of the unanswered times', async () => {
    // A zone whose date differs from UTC's right now (UTC+14 from 10:00 UTC, UTC-11 before 11:00).
    const utcDay = new Date().toISOString().slice(0, 10);
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => todayIn(z) !== utcDay) as string;
    const far = await buildSchool(app, 'Far Away High');
    await app.testDatabase.db.update(organizations).set({ timezone: zone }).where(eq(organizations.id, far.org.id));
    const farDirector = await as(app, far.director);
    const res = await farDirector.get('/api/reports/users.csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-by-role-${todayIn(zone)}.csv"`);
    expect((await get('/api/reports/unanswered', farDirector)).timezone).toBe(zone);
  });
});

describe('who may see reports', () => {
  it('refuses coaches, athletes and guardians with 403', async () => {
    for (const person of [school.coach, school.athlete, school.parent]) {
      const client = await as(app, person);
      for (const url of ['/api/reports/roster', '/api/reports/messaging', '/api/reports/unanswered.csv']) {
        const res = await client.get(url);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ statusCode: 403, message: 'Forbidden', id: 'forbidden' });
      }
    }
  });

  it('lets every admin role in and keeps schools apart', async () => {
    for (const person of [school.administrator, school.assistant, school.superAdmin]) {
      expect((await get('/api/reports/unanswered', await as(app, person))).paginationInfo.totalCount).toBe(2);
    }
    expect((await director.get(`/api/reports/roster?organizationId=${other.org.id}`)).statusCode).toBe(403);
    const res = await director.get(`/api/reports/roster?teamId=${other.varsity.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Team not found', id: 'not_found' });
    // A SUPER_ADMIN chooses the school: Eastview's one waiting coach, none of Westfield's.
    const superAdmin = await as(app, school.superAdmin);
    const eastview = await get(`/api/reports/unanswered?organizationId=${other.org.id}`, superAdmin);
    expect(eastview.result.map((r: { counterpart: { id: number } }) => r.counterpart.id)).toEqual([other.coach.id]);
    const eastviewMessages = await get(
      `/api/reports/messaging?from=2026-03-10&to=2026-03-10&organizationId=${other.org.id}`,
      superAdmin,
    );
    expect(eastviewMessages.days).toEqual([
      { day: '2026-03-10', COACHES: 1, ATHLETES: 0, GUARDIANS: 0, STAFF: 0, total: 1 },
    ]);
    const events = await get(
      `/api/reports/events?from=2026-03-01&to=2026-03-31&organizationId=${other.org.id}`,
      superAdmin,
    );
    expect(events.result).toEqual([{ month: '2026-03', type: 'GAME', status: 'SCHEDULED', count: 1 }]);
  });
});

describe('bad filters', () => {
  it.each([
    '/api/reports/roster?season=MONSOON',
    '/api/reports/roster?teamId=abc',
    '/api/reports/roster?limit=1000',
    '/api/reports/roster?page=0',
    '/api/reports/users?role=WIZARD',
    '/api/reports/users?status=GONE',
    '/api/reports/participation?sportId=-1',
    '/api/reports/participation?schoolYear=2026',
    '/api/reports/messaging?from=2026-13-01',
    '/api/reports/messaging?from=2026-03-12&to=2026-03-01',
    '/api/reports/messaging?from=2024-01-01&to=2026-01-01',
    '/api/reports/messaging?group=ADMINS',
    '/api/reports/unanswered.csv?group=STAFF',
    '/api/reports/events?type=PARTY',
    '/api/reports/events?from=not-a-date',
  ])('%s is a 400 in the SPEC shape', async (url) => {
    const res = await director.get(url);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'message', 'statusCode']);
    expect(body.statusCode).toBe(400);
    expect(body.message).toEqual(expect.any(String));
  });
});
