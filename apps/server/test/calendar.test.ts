import {
  CALENDAR_CSV_COLUMNS,
  type CalendarConflict,
  type CalendarFeed,
  type CalendarOccurrence,
  type ChatMessage,
  calendarListSchema,
  calendarOccurrenceSchema,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarEvents, chatRoomMembers, notifications, teams } from '../src/db/schema/index.ts';
import { seedDemoCalendar } from '../src/seed/demo-calendar.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;

// Dates around next spring's DST change in America/Chicago (second Sunday of March).
const year = new Date().getUTCFullYear() + 1;
const march = (day: number) => `${year}-03-${String(day).padStart(2, '0')}`;
const list = async (from: string, to: string, extra = '') => {
  const res = await director.get(
    `/api/calendar/events?from=${encodeURIComponent(`${from}T00:00:00Z`)}&to=${encodeURIComponent(`${to}T00:00:00Z`)}${extra}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return calendarListSchema.parse(res.json().data).occurrences;
};

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
});
afterAll(async () => {
  await app.close();
});

const game = (overrides: Record<string, unknown> = {}) => ({
  type: 'GAME',
  title: 'Varsity Basketball',
  teamId: school.varsity.id,
  opponent: 'Central High',
  homeAway: 'HOME',
  start: `${march(20)}T19:00`,
  end: `${march(20)}T21:00`,
  location: 'Westfield High',
  facility: 'Main Gym',
  transportation: null,
  notes: 'Senior night',
  ...overrides,
});

describe('calendar validation and authorization', () => {
  it('answers 400 in the {statusCode, message} shape for invalid input', async () => {
    const res = await director.post('/api/calendar/events', game({ title: '', end: `${march(20)}T18:00` }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'message', 'statusCode']);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(/title/);
    const noOpponent = await director.post('/api/calendar/events', game({ opponent: null }));
    expect(noOpponent.statusCode).toBe(400);
    expect(noOpponent.json().message).toMatch(/opponent/);
    const badRange = await director.get('/api/calendar/events?from=yesterday&to=tomorrow');
    expect(badRange.statusCode).toBe(400);
    const tooLong = await director.get(`/api/calendar/events?from=${year}-01-01T00:00:00Z&to=${year}-12-31T00:00:00Z`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a series none of whose days comes before its end, on create and on edit', async () => {
    // A Monday, and Fridays until the Wednesday: not one date.
    const monday = [1, 2, 3, 4, 5, 6, 7].find((d) => new Date(`${march(d)}T12:00Z`).getUTCDay() === 1) as number;
    const repeat = { byDay: ['FR'], until: march(monday + 2) };
    const practice = {
      type: 'PRACTICE',
      title: 'Shootaround',
      teamId: school.varsity.id,
      start: `${march(monday)}T06:00`,
      end: `${march(monday)}T07:00`,
      facility: 'Practice Court',
    };
    const created = await director.post('/api/calendar/events', { ...practice, repeat });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().message).toMatch(/no dates/);
    const single = await director.post('/api/calendar/events', practice);
    expect(single.statusCode, single.body).toBe(201);
    const id = single.json().data.eventId as number;
    const edited = await director.patch(`/api/calendar/events/${id}`, { repeat });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(await list(march(1), march(15), `&teamId=${school.varsity.id}`)).toMatchObject([
      { eventId: id, repeat: null },
    ]);
    expect((await director.delete(`/api/calendar/events/${id}`)).statusCode).toBe(200);
  });

  it('refuses coaches, athletes and parents; tenants never see each other', async () => {
    const url = `/api/calendar/events?from=${march(1)}T00:00:00Z&to=${march(31)}T00:00:00Z`;
    for (const person of [school.coach, school.athlete, school.parent]) {
      const client = await as(app, person);
      expect((await client.get(url)).statusCode, person.role ?? '').toBe(403);
      expect((await client.post('/api/calendar/events', game())).statusCode).toBe(403);
      expect((await client.get('/api/calendar/feeds')).statusCode).toBe(403);
    }
    for (const admin of [school.administrator, school.assistant]) {
      expect((await (await as(app, admin)).get(url)).statusCode).toBe(200);
    }
    const created = await director.post(
      '/api/calendar/events',
      game({ facility: 'Tenant Gym', start: `${march(2)}T08:00`, end: `${march(2)}T09:00` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const stranger = await as(app, other.director);
    expect((await stranger.get(`/api/calendar/events/${id}`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/calendar/events/${id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await stranger.delete(`/api/calendar/events/${id}`)).statusCode).toBe(404);
    const theirs = await stranger.get(url);
    expect(calendarListSchema.parse(theirs.json().data).occurrences.some((o) => o.eventId === id)).toBe(false);
    // Another organization's team, as a filter or for a new event, is not there.
    expect((await stranger.get(`${url}&teamId=${school.varsity.id}`)).statusCode).toBe(404);
    expect((await stranger.post('/api/calendar/events', game())).statusCode).toBe(404);
    expect((await director.get(`${url}&organizationId=${other.org.id}`)).statusCode).toBe(403);
    const superAdmin = await as(app, school.superAdmin);
    const inOther = await superAdmin.get(`${url}&organizationId=${other.org.id}`);
    expect(inOther.statusCode).toBe(200);
    expect((await superAdmin.get(`/api/calendar/events/${id}?organizationId=${school.org.id}`)).statusCode).toBe(200);
    expect((await director.delete(`/api/calendar/events/${id}`)).statusCode).toBe(200);
  });
});

describe('recurrence', () => {
  let seriesId: number;
  let occurrences: CalendarOccurrence[];

  it('expands a weekly practice in the organization’s zone, keeping 4:00 pm across DST', async () => {
    const res = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'JV Practice',
      teamId: school.jv.id,
      start: `${march(1)}T16:00`,
      end: `${march(1)}T17:30`,
      facility: 'Aux Gym',
      repeat: { byDay: ['MO', 'WE'], until: march(31) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = calendarOccurrenceSchema.parse(res.json().data);
    seriesId = created.eventId;
    expect(created.repeat).toEqual({ byDay: ['MO', 'WE'], until: march(31), interval: 1 });
    occurrences = (await list(march(1), `${year}-04-05`)).filter((o) => o.seriesId === seriesId);
    expect(occurrences.length).toBeGreaterThanOrEqual(8);
    expect(occurrences.length).toBeLessThanOrEqual(10);
    for (const o of occurrences) {
      expect(o.localStart.slice(11)).toBe('16:00');
      expect(o.localEnd.slice(11)).toBe('17:30');
      expect(['MO', 'WE']).toContain(
        ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${o.localStart.slice(0, 10)}T12:00Z`).getUTCDay()],
      );
      expect(o.occurrenceStart).toBe(o.start);
    }
    // Central Standard Time is UTC-6, Central Daylight Time UTC-5.
    expect(new Date(occurrences[0]?.start as string).getUTCHours()).toBe(22);
    expect(new Date(occurrences.at(-1)?.start as string).getUTCHours()).toBe(21);
  });

  it('edits one occurrence and deletes another (exceptions)', async () => {
    const moved = occurrences[2] as CalendarOccurrence;
    const removed = occurrences[3] as CalendarOccurrence;
    const patch = await director.patch(`/api/calendar/events/${seriesId}`, {
      scope: 'occurrence',
      occurrenceStart: moved.occurrenceStart,
      start: `${moved.localStart.slice(0, 10)}T17:00`,
      end: `${moved.localStart.slice(0, 10)}T18:30`,
      notes: 'Late start: gym floor refinishing',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const exception = calendarOccurrenceSchema.parse(patch.json().data);
    expect(exception.isException).toBe(true);
    expect(exception.seriesId).toBe(seriesId);
    const del = await director.delete(
      `/api/calendar/events/${seriesId}?scope=occurrence&occurrenceStart=${encodeURIComponent(removed.occurrenceStart as string)}`,
    );
    expect(del.statusCode, del.body).toBe(200);
    const after = (await list(march(1), `${year}-04-05`)).filter((o) => o.seriesId === seriesId);
    expect(after.length).toBe(occurrences.length - 1);
    const changed = after.find((o) => o.occurrenceStart === moved.occurrenceStart);
    expect(changed?.localStart.slice(11)).toBe('17:00');
    expect(changed?.notes).toBe('Late start: gym floor refinishing');
    expect(after.some((o) => o.occurrenceStart === removed.occurrenceStart)).toBe(false);
    // The series itself is unchanged for every other date.
    expect(after.filter((o) => !o.isException).every((o) => o.localStart.endsWith('16:00'))).toBe(true);
    const audit = await app.testDatabase.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'event'), eq(auditLog.organizationId, school.org.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['event.create', 'event.move', 'event.delete']));

    // The deleted date stays deleted: no edit brings it back, a second delete is not a second change.
    const gone = encodeURIComponent(removed.occurrenceStart as string);
    const edit = await director.patch(`/api/calendar/events/${seriesId}`, {
      scope: 'occurrence',
      occurrenceStart: removed.occurrenceStart,
      notes: 'Back again?',
    });
    expect(edit.statusCode, edit.body).toBe(404);
    const status = await director.post(`/api/calendar/events/${seriesId}/status`, {
      status: 'POSTPONED',
      scope: 'occurrence',
      occurrenceStart: removed.occurrenceStart,
    });
    expect(status.statusCode, status.body).toBe(404);
    const deletes = () =>
      app.testDatabase.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'event.delete'), eq(auditLog.organizationId, school.org.id)));
    const deletedBefore = (await deletes()).length;
    const again = await director.delete(`/api/calendar/events/${seriesId}?scope=occurrence&occurrenceStart=${gone}`);
    expect(again.statusCode, again.body).toBe(404);
    expect(await deletes()).toHaveLength(deletedBefore);
    const still = (await list(march(1), `${year}-04-05`)).filter((o) => o.seriesId === seriesId);
    expect(still.some((o) => o.occurrenceStart === removed.occurrenceStart)).toBe(false);
  });

  it('splits a series for “this and following”', async () => {
    const pivot = occurrences[5] as CalendarOccurrence;
    const res = await director.patch(`/api/calendar/events/${seriesId}`, {
      scope: 'following',
      occurrenceStart: pivot.occurrenceStart,
      start: `${pivot.localStart.slice(0, 10)}T15:30`,
      end: `${pivot.localStart.slice(0, 10)}T17:00`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const newSeries = calendarOccurrenceSchema.parse(res.json().data);
    expect(newSeries.eventId).not.toBe(seriesId);
    const all = await list(march(1), `${year}-04-05`, `&teamId=${school.jv.id}`);
    const before = all.filter((o) => o.seriesId === seriesId);
    const afterSplit = all.filter((o) => o.seriesId === newSeries.eventId);
    expect(before.every((o) => o.localStart < pivot.localStart)).toBe(true);
    expect(afterSplit[0]?.localStart).toBe(`${pivot.localStart.slice(0, 10)}T15:30`);
    expect(afterSplit.every((o) => o.localStart.endsWith('15:30'))).toBe(true);
  });
});

describe('conflicts', () => {
  it('finds facility and team double-bookings, refuses them on save unless confirmed', async () => {
    const first = await director.post(
      '/api/calendar/events',
      game({ start: `${march(22)}T18:00`, end: `${march(22)}T20:00` }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const check = await director.get(
      `/api/calendar/conflicts?start=${march(22)}T19:00&end=${march(22)}T21:00&facility=main%20gym`,
    );
    expect(check.statusCode, check.body).toBe(200);
    const found = check.json().data.conflicts as CalendarConflict[];
    expect(found).toHaveLength(1);
    expect(found[0]?.reason).toBe('FACILITY');
    const teamCheck = await director.get(
      `/api/calendar/conflicts?start=${march(22)}T19:00&end=${march(22)}T21:00&teamId=${school.varsity.id}&facility=Field%202`,
    );
    expect((teamCheck.json().data.conflicts as CalendarConflict[])[0]?.reason).toBe('TEAM');
    const free = await director.get(
      `/api/calendar/conflicts?start=${march(22)}T20:00&end=${march(22)}T21:00&facility=Main%20Gym`,
    );
    expect(free.json().data.conflicts).toHaveLength(0);
    const own = await director.get(
      `/api/calendar/conflicts?start=${march(22)}T19:00&end=${march(22)}T21:00&facility=Main%20Gym&excludeId=${first.json().data.eventId}`,
    );
    expect(own.json().data.conflicts).toHaveLength(0);

    const clash = game({
      title: 'JV Basketball',
      teamId: school.jv.id,
      start: `${march(22)}T19:30`,
      end: `${march(22)}T21:00`,
    });
    const refused = await director.post('/api/calendar/events', clash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusCode).toBe(409);
    expect(refused.json().message).toMatch(/conflict/);
    expect(refused.json().data.conflicts[0].occurrence.eventId).toBe(first.json().data.eventId);
    const confirmed = await director.post('/api/calendar/events', { ...clash, confirmConflicts: true });
    expect(confirmed.statusCode).toBe(201);
    // Cancelled events free their slot.
    await director.post(`/api/calendar/events/${first.json().data.eventId}/status`, { status: 'CANCELLED' });
    await director.post(`/api/calendar/events/${confirmed.json().data.eventId}/status`, { status: 'CANCELLED' });
    const freed = await director.get(
      `/api/calendar/conflicts?start=${march(22)}T19:00&end=${march(22)}T21:00&facility=Main%20Gym`,
    );
    expect(freed.json().data.conflicts).toHaveLength(0);
  });
});

describe('one change everywhere', () => {
  it('posts a system message in the team room and notifies the coach when a game moves', async () => {
    const created = await director.post(
      '/api/calendar/events',
      game({ opponent: 'Lakeside Prep', facility: 'Stadium', start: `${march(26)}T18:00`, end: `${march(26)}T20:00` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const moved = await director.patch(`/api/calendar/events/${id}`, {
      start: `${march(27)}T17:00`,
      end: `${march(27)}T19:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.sequence).toBe(1);
    const postponed = await director.post(`/api/calendar/events/${id}/status`, { status: 'POSTPONED' });
    expect(postponed.json().data.status).toBe('POSTPONED');

    const rooms = await director.get(`/api/chat/teams/${school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const history = await director.get(`/api/chat/rooms/${roomId}/messages?limit=50`);
    const messages = history.json().data.messages as ChatMessage[];
    const system = messages.filter((m) => m.messageType === 'SYSTEM' && m.content.includes('Lakeside Prep'));
    expect(system.map((m) => m.content.split(':')[0])).toEqual(['New game', 'Schedule change', 'Postponed']);
    expect(system[1]?.content).toMatch(/moved to .*5:00 PM/);
    expect(system[0]?.sender.id).toBe(0);

    const coachNotes = await app.testDatabase.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, school.coach.id), eq(notifications.type, 'event')));
    expect(coachNotes.length).toBeGreaterThan(0);
    expect(coachNotes.some((n) => n.message.includes('Lakeside Prep'))).toBe(true);
    const parentNotes = await app.testDatabase.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, school.parent.id), eq(notifications.type, 'event')));
    expect(parentNotes.length).toBeGreaterThan(0);

    // The director is in the team room now (they read it): their own change is no news to them.
    const practice = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'Shootaround',
      teamId: school.varsity.id,
      start: `${march(29)}T07:00`,
      end: `${march(29)}T08:00`,
    });
    expect(practice.statusCode, practice.body).toBe(201);
    await director.delete(`/api/calendar/events/${practice.json().data.eventId}`);
    const [membership] = await app.testDatabase.db
      .select()
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, school.director.id)));
    expect(membership?.unreadCount).toBe(0);
    const directorNotes = await app.testDatabase.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, school.director.id));
    expect(directorNotes).toEqual([]);
    const [coachMembership] = await app.testDatabase.db
      .select()
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, school.coach.id)));
    expect(coachMembership?.unreadCount).toBeGreaterThan(0);
  });
});

describe('iCal feeds', () => {
  let feeds: CalendarFeed[];
  const feedFor = (teamId: number | null) => feeds.find((f) => f.teamId === teamId) as CalendarFeed;

  it('serves a valid RFC 5545 feed per team, parsed by ical.js', async () => {
    const series = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'Varsity Practice',
      teamId: school.varsity.id,
      start: `${march(2)}T16:00`,
      end: `${march(2)}T18:00`,
      facility: 'Practice Court, North; Gym',
      notes:
        'Bring both jerseys, water; and a long note that is certainly longer than seventy-five octets so the line has to fold — twice even — with ünïcödé.',
      repeat: { byDay: ['TU', 'TH'], until: march(31) },
    });
    expect(series.statusCode, series.body).toBe(201);
    const seriesId = series.json().data.eventId as number;
    const dates = (await list(march(1), `${year}-04-01`, `&teamId=${school.varsity.id}`)).filter(
      (o) => o.seriesId === seriesId,
    );
    await director.post(`/api/calendar/events/${seriesId}/status`, {
      status: 'CANCELLED',
      scope: 'occurrence',
      occurrenceStart: dates[1]?.occurrenceStart,
    });
    await director.delete(
      `/api/calendar/events/${seriesId}?scope=occurrence&occurrenceStart=${encodeURIComponent(dates[2]?.occurrenceStart as string)}`,
    );

    const res = await director.get('/api/calendar/feeds');
    expect(res.statusCode).toBe(200);
    feeds = res.json().data;
    expect(feeds[0]?.scope).toBe('ORGANIZATION');
    const feed = await app.inject({ method: 'GET', url: feedFor(school.varsity.id).path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const text = feed.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/Girls Varsity Basketball/);
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Chicago');
    const vevents = calendar.getAllSubcomponents('vevent');
    const master = vevents.find((v) => v.getFirstProperty('rrule'));
    expect(master).toBeDefined();
    const uid = master?.getFirstPropertyValue('uid');
    expect(String(master?.getFirstPropertyValue('rrule'))).toMatch(/FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=\d{8}T\d{6}Z/);
    expect(master?.getFirstPropertyValue('description')).toMatch(/water; and a long note/);
    expect(master?.getFirstPropertyValue('location')).toBe('Practice Court, North; Gym');
    const exdates = master?.getAllProperties('exdate') ?? [];
    expect(exdates).toHaveLength(1);
    const exception = vevents.find(
      (v) => v.getFirstProperty('recurrence-id') && v.getFirstPropertyValue('uid') === uid,
    );
    expect(exception?.getFirstPropertyValue('status')).toBe('CANCELLED');

    // ical.js expands the series to the same instants as the API (DST included), minus the EXDATE.
    const event = new ICAL.Event(master);
    const iterator = event.iterator();
    const expanded: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) expanded.push(next.toJSDate().toISOString());
    const excluded = (exdates[0]?.getFirstValue() as ICAL.Time | undefined)?.toJSDate().toISOString();
    expect(expanded.filter((d) => d !== excluded)).toEqual(dates.filter((_, i) => i !== 2).map((o) => o.start));
    expect(new Date(dates[0]?.start as string).getUTCHours()).toBe(22);
    expect(new Date(dates.at(-1)?.start as string).getUTCHours()).toBe(21);

    const moved = vevents.find((v) => String(v.getFirstPropertyValue('summary')).includes('Lakeside Prep'));
    expect(moved?.getFirstPropertyValue('sequence')).toBe(2);
    expect(moved?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    const cancelled = vevents.find(
      (v) => String(v.getFirstPropertyValue('summary')).startsWith('Cancelled') && !v.getFirstProperty('recurrence-id'),
    );
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    // The JV feed does not carry varsity events; the organization feed carries both.
    const jv = await app.inject({ method: 'GET', url: feedFor(school.jv.id).path });
    expect(jv.body).not.toContain('Varsity Practice');
    const org = await app.inject({ method: 'GET', url: feedFor(null).path });
    expect(org.body).toContain('Varsity Practice');
    expect(org.body).toContain('JV Practice');
  });

  it('rotating a token invalidates the old URL', async () => {
    const old = feedFor(school.varsity.id).path;
    const res = await director.post('/api/calendar/feeds/rotate', { teamId: school.varsity.id });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = (res.json().data as CalendarFeed[]).find((f) => f.teamId === school.varsity.id) as CalendarFeed;
    expect(rotated.path).not.toBe(old);
    expect(rotated.rotatedAt).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: rotated.path })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/calendar/feeds/not-a-token.ics' })).statusCode).toBe(404);
    expect((await (await as(app, school.coach)).post('/api/calendar/feeds/rotate', { teamId: null })).statusCode).toBe(
      403,
    );
  });
});

describe('CSV export and import', () => {
  it('exports the filtered range as CSV and .ics', async () => {
    const q = `from=${march(1)}T00:00:00Z&to=${year}-04-01T00:00:00Z&teamId=${school.varsity.id}&type=GAME`;
    const csv = await director.get(`/api/calendar/export.csv?${q}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(CALENDAR_CSV_COLUMNS.join(','));
    expect(lines.slice(1).every((l) => l.includes(',GAME,'))).toBe(true);
    expect(lines.some((l) => l.includes('Lakeside Prep'))).toBe(true);
    const ics = await director.get(`/api/calendar/export.ics?${q}`);
    expect(ics.statusCode).toBe(200);
    const parsed = new ICAL.Component(ICAL.parse(ics.body));
    expect(parsed.getAllSubcomponents('vevent').length).toBe(lines.length - 1);
  });

  const header = 'date,startTime,endTime,type,title,team,opponent,homeAway,location,facility,transportation';
  it('dry-runs an import and reports row errors with 422, importing nothing', async () => {
    const bad = [
      header,
      `${year}-04-10,18:00,20:00,GAME,Varsity Basketball,Girls Varsity Basketball,North High,AWAY,North High,North Gym,Bus leaves 4:15 pm`,
      `${year}-04-31,18:00,20:00,GAME,Varsity Basketball,Girls Varsity Basketball,,HOME,,,`,
      `${year}-04-12,7pm,,SCRIMMAGEX,Thing,No Such Team,,,,,`,
    ].join('\n');
    const res = await app.inject({
      method: 'POST',
      url: '/api/calendar/import?dryRun=true',
      headers: { authorization: (await authHeader()).authorization, 'content-type': 'text/csv' },
      payload: bad,
    });
    expect(res.statusCode).toBe(422);
    const data = res.json().data;
    expect(data.validRows).toBe(1);
    expect(data.rows[0].errors).toEqual([]);
    expect(data.rows[1].errors.join(' ')).toMatch(/date/);
    expect(data.rows[1].errors).toContain('Opponent is missing; a game needs one');
    expect(data.rows[1].errors[0]).toBe(`Date “${year}-04-31” is not a date; use 9/5/2026 or 2026-09-05`);
    expect(data.rows[2].errors).toEqual([
      'Type “SCRIMMAGEX” is not one Fieldhouse knows; use Game, Practice, Meeting, Tournament or Other',
      'Team “No Such Team” does not exist at Westfield High; add it on the Teams page or correct the name',
    ]);
    const imported = await list(`${year}-04-09`, `${year}-04-14`);
    expect(imported).toHaveLength(0);
  });

  it('imports a valid schedule after a clean dry run', async () => {
    const good = [
      header,
      `${year}-04-10,18:00,20:00,GAME,Varsity Basketball,Girls Varsity Basketball,North High,AWAY,North High,North Gym,"Bus leaves 4:15 pm, gym door B"`,
      `${year}-04-11,,,TOURNAMENT,Spring Classic,,,,,,`,
    ].join('\r\n');
    const { authorization } = await authHeader();
    const dry = await app.inject({
      method: 'POST',
      url: '/api/calendar/import?dryRun=true',
      headers: { authorization, 'content-type': 'text/csv' },
      payload: good,
    });
    expect(dry.statusCode, dry.body).toBe(422);
    // The tournament row has no time: all-day needs the allDay column.
    const fixed = good
      .replace('TOURNAMENT', 'TOURNAMENT')
      .replace(header, `${header},allDay`)
      .replace(`${year}-04-11,,,TOURNAMENT,Spring Classic,,,,,,`, `${year}-04-11,,,TOURNAMENT,Spring Classic,,,,,,,yes`)
      .replace('gym door B"', 'gym door B",');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/calendar/import',
      headers: { authorization, 'content-type': 'text/csv' },
      payload: fixed,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.created).toBe(2);
    const imported = await list(`${year}-04-09`, `${year}-04-14`);
    expect(imported.map((o) => [o.title, o.allDay, o.localStart])).toEqual([
      ['Varsity Basketball', false, `${year}-04-10T18:00`],
      ['Spring Classic', true, `${year}-04-11T00:00`],
    ]);
    expect(imported[0]?.transportation).toBe('Bus leaves 4:15 pm, gym door B');
    expect(imported[1]?.localEnd).toBe(`${year}-04-12T00:00`);
  });

  it('maps a league’s headers, takes US dates and 12-hour times, and imports the valid rows', async () => {
    const { authorization } = await authHeader();
    const rows = [
      {
        row: 2,
        values: {
          date: `4/20/${year}`,
          startTime: '4:30 PM',
          type: 'Game',
          team: 'Girls Varsity Basketball',
          opponent: 'Riverside',
          homeAway: 'Away',
        },
      },
      {
        row: 3,
        values: {
          date: `4/21/${year}`,
          startTime: '3:15pm',
          endTime: '5pm',
          type: 'practice',
          team: 'Girls JV Basketball',
        },
      },
      { row: 4, values: { date: `4/22/${year}`, startTime: '25:00', type: 'Game' } },
    ];
    const post = (dryRun: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/calendar/import/rows',
        headers: { authorization },
        payload: { rows, dryRun },
      });
    const dry = await post(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().message).toBe('2 rows ready; 1 row needs fixing');
    expect(dry.json().data.rows[2].errors).toEqual([
      'Start time “25:00” is not a time such as 4:00 PM or 16:00',
      'Opponent is missing; a game needs one',
    ]);
    const done = await post(false);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.created).toBe(2);
    const imported = await list(`${year}-04-19`, `${year}-04-23`);
    expect(imported.map((o) => [o.title, o.localStart, o.localEnd, o.homeAway])).toEqual([
      ['at Riverside', `${year}-04-20T16:30`, `${year}-04-20T18:30`, 'AWAY'],
      ['Girls JV Basketball Practice', `${year}-04-21T15:15`, `${year}-04-21T17:00`, null],
    ]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/calendar/import/rows',
      headers: { authorization },
      payload: { rows: [{ row: 2, values: { date: '1/1/2030', color: 'red' } }], dryRun: true },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('archived teams', () => {
  it('take no new events, by id or by name in an import, while their own events stay editable', async () => {
    const db = app.testDatabase.db;
    const [golf] = await db
      .insert(teams)
      .values({
        organizationId: school.org.id,
        sportId: school.sport.id,
        name: 'Boys Golf',
        gender: 'BOYS',
        season: 'SPRING',
        schoolYear: '2026-27',
      })
      .returning();
    const golfId = golf?.id as number;
    const outing = {
      type: 'PRACTICE',
      title: 'Range Session',
      teamId: golfId,
      start: `${year}-05-04T15:00`,
      end: `${year}-05-04T16:00`,
    };
    const created = await director.post('/api/calendar/events', outing);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    await db.update(teams).set({ status: 'ARCHIVED' }).where(eq(teams.id, golfId));

    const another = await director.post('/api/calendar/events', {
      ...outing,
      start: `${year}-05-05T15:00`,
      end: `${year}-05-05T16:00`,
    });
    expect(another.statusCode, another.body).toBe(400);
    expect(another.json()).toMatchObject({ message: 'This team is archived', id: 'team_archived' });
    // Its own event keeps the team: an edit form sending it back unchanged still saves.
    const edited = await director.patch(`/api/calendar/events/${id}`, { ...outing, title: 'Range Day' });
    expect(edited.statusCode, edited.body).toBe(200);
    const jvEvent = await director.post('/api/calendar/events', {
      ...outing,
      teamId: school.jv.id,
      start: `${year}-05-06T15:00`,
      end: `${year}-05-06T16:00`,
    });
    expect(jvEvent.statusCode, jvEvent.body).toBe(201);
    const moved = await director.patch(`/api/calendar/events/${jvEvent.json().data.eventId}`, { teamId: golfId });
    expect(moved.statusCode, moved.body).toBe(400);
    const imported = await director.post('/api/calendar/import/rows', {
      rows: [{ row: 2, values: { date: `5/7/${year}`, startTime: '3:00 PM', type: 'Practice', team: 'boys golf' } }],
      dryRun: true,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.rows[0].errors).toEqual([
      'Team “boys golf” is archived and takes no new events; choose another team',
    ]);
  });
});

describe('demo schedule', () => {
  it('seeds this week’s practices, games, a meeting, a tournament, a postponed and a cancelled game, deterministically', async () => {
    const now = new Date('2027-01-13T15:00:00Z');
    const db = app.testDatabase.db;
    const snapshot = async () =>
      (await db.select().from(calendarEvents).where(eq(calendarEvents.organizationId, other.org.id))).map((e) => [
        e.type,
        e.title,
        e.teamId,
        e.opponent,
        e.startsAt.toISOString(),
        e.status,
        e.recurrence,
      ]);
    await seedDemoCalendar(db, other.org.id, 'America/Chicago', null, now);
    const first = await snapshot();
    await db.delete(calendarEvents).where(eq(calendarEvents.organizationId, other.org.id));
    await seedDemoCalendar(db, other.org.id, 'America/Chicago', null, now);
    expect(await snapshot()).toEqual(first);
    const types = new Set(first.map((e) => e[0]));
    expect([...types].sort()).toEqual(['GAME', 'MEETING', 'OTHER', 'PRACTICE', 'TOURNAMENT']);
    expect(first.some((e) => e[5] === 'POSTPONED')).toBe(true);
    expect(first.some((e) => e[5] === 'CANCELLED')).toBe(true);
    const week = await (await as(app, other.director)).get(
      '/api/calendar/events?from=2027-01-11T06:00:00Z&to=2027-01-18T06:00:00Z',
    );
    const occurrences = calendarListSchema.parse(week.json().data).occurrences;
    expect(occurrences.filter((o) => o.type === 'PRACTICE' && o.seriesId).length).toBeGreaterThanOrEqual(6);
    expect(occurrences.some((o) => o.type === 'GAME' && o.homeAway === 'AWAY' && o.transportation)).toBe(true);
    expect(occurrences.some((o) => o.type === 'MEETING')).toBe(true);
  });
});

async function authHeader() {
  const { signInAs } = await import('./helpers/factories.ts');
  const { idToken } = await signInAs(app, school.director.email);
  return { authorization: `Bearer ${idToken}` };
}
