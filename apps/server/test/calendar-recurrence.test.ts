/**
 * Monthly and every-other-week series across the autumn DST change, through the real API
 * (decision 010): dates, local times, the iCal RRULE, and series time edits that keep the
 * per-date changes (a moved date, a changed facility, a deleted date).
 */
import { type CalendarFeed, calendarListSchema, chatMessageSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;
let director: Awaited<ReturnType<typeof as>>;

// Next year's autumn in America/Chicago: DST ends on the first Sunday of November.
const year = new Date().getUTCFullYear() + 1;
const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The first `weekday` (0 = Sunday) of a month (1–12). */
const firstWeekday = (month: number, weekday: number) => {
  const d = new Date(Date.UTC(year, month - 1, 1));
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.getTime();
};
const dstEnd = firstWeekday(11, 0);
const fromDst = (days: number) => iso(dstEnd + days * DAY);

const list = async (from: string, to: string) => {
  const res = await director.get(
    `/api/calendar/events?from=${from}T00:00:00Z&to=${to}T00:00:00Z&teamId=${school.varsity.id}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return calendarListSchema.parse(res.json().data).occurrences;
};
const feedText = async () => {
  const feeds = (await director.get('/api/calendar/feeds')).json().data as CalendarFeed[];
  const feed = feeds.find((f) => f.teamId === school.varsity.id) as CalendarFeed;
  const res = await app.inject({ method: 'GET', url: feed.path });
  expect(res.statusCode).toBe(200);
  return res.body;
};

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  director = await as(app, school.director);
});
afterAll(async () => {
  await app.close();
});

describe('monthly and every-other-week series across DST', () => {
  it('puts a "first Monday" meeting on the first Monday of each month at 6:30 pm local', async () => {
    const september = iso(firstWeekday(9, 1));
    const res = await director.post('/api/calendar/events', {
      type: 'MEETING',
      title: 'Booster Meeting',
      teamId: school.varsity.id,
      start: `${september}T18:30`,
      end: `${september}T19:30`,
      facility: 'Library',
      repeat: { freq: 'MONTHLY', byDay: ['MO'], nth: 1, until: `${year}-12-31` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.eventId as number;
    expect(res.json().data.repeat).toEqual({
      freq: 'MONTHLY',
      byDay: ['MO'],
      nth: 1,
      until: `${year}-12-31`,
      interval: 1,
    });
    const dates = (await list(`${year}-09-01`, `${year}-12-29`)).filter((o) => o.seriesId === id);
    expect(dates.map((o) => o.localStart)).toEqual([9, 10, 11, 12].map((m) => `${iso(firstWeekday(m, 1))}T18:30`));
    // 6:30 pm is 23:30 UTC in daylight time (UTC-5) and 00:30 UTC the next day in standard time.
    expect(dates.map((o) => o.start.slice(11, 16))).toEqual(
      [9, 10, 11, 12].map((m) => (firstWeekday(m, 1) < dstEnd ? '23:30' : '00:30')),
    );
    expect(dates.at(-1)?.start.slice(11, 16)).toBe('00:30');

    // A planned monthly series is checked on every one of its dates.
    const october = iso(firstWeekday(10, 1));
    const check = await director.get(
      `/api/calendar/conflicts?start=${october}T18:00&end=${october}T19:00&facility=Library&repeatFreq=MONTHLY&repeatDays=MO&repeatNth=1&repeatUntil=${year}-12-31`,
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(
      (check.json().data.conflicts as { occurrence: { localStart: string } }[]).map((c) => c.occurrence.localStart),
    ).toEqual([10, 11, 12].map((m) => `${iso(firstWeekday(m, 1))}T18:30`));
    // On the second Monday nothing is booked.
    const second = await director.get(
      `/api/calendar/conflicts?start=${iso(firstWeekday(10, 1) + 7 * DAY)}T18:00&end=${iso(firstWeekday(10, 1) + 7 * DAY)}T19:00&facility=Library&repeatFreq=MONTHLY&repeatDays=MO&repeatNth=2&repeatUntil=${year}-12-31`,
    );
    expect(second.json().data.conflicts).toEqual([]);

    const ics = await feedText();
    expect(ics).toMatch(/RRULE:FREQ=MONTHLY;BYDAY=1MO;UNTIL=\d{8}T\d{6}Z/);
    // ical.js, an independent implementation, expands the feed to the same instants.
    const vevent = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .find((v) => String(v.getFirstPropertyValue('summary')).startsWith('Booster Meeting'));
    const timezones = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vtimezone');
    for (const tz of timezones) ICAL.TimezoneService.register(tz);
    const event = new ICAL.Event(vevent);
    const iterator = event.iterator();
    const expanded: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) expanded.push(next.toJSDate().toISOString());
    expect(expanded).toEqual(dates.map((o) => o.start));
  });

  it('puts an every-other-week practice on alternate weeks at 4:00 pm local across the change', async () => {
    const res = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'Conditioning',
      teamId: school.varsity.id,
      start: `${fromDst(-12)}T16:00`,
      end: `${fromDst(-12)}T17:30`,
      facility: 'Track',
      repeat: { byDay: ['TU', 'TH'], interval: 2, until: fromDst(18) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.eventId as number;
    const dates = (await list(fromDst(-14), fromDst(20))).filter((o) => o.seriesId === id);
    expect(dates.map((o) => o.localStart)).toEqual([-12, -10, 2, 4, 16, 18].map((d) => `${fromDst(d)}T16:00`));
    expect(dates.map((o) => o.start.slice(11, 16))).toEqual(['21:00', '21:00', '22:00', '22:00', '22:00', '22:00']);
    expect(await feedText()).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=');
  });
});

describe('editing the time of a series', () => {
  it('keeps a moved date, a changed date and a deleted date; the change still posts a notice', async () => {
    const monday = fromDst(1);
    const created = await director.post('/api/calendar/events', {
      type: 'PRACTICE',
      title: 'Film Session',
      teamId: school.varsity.id,
      start: `${monday}T17:00`,
      end: `${monday}T18:00`,
      facility: 'Room 12',
      repeat: { byDay: ['MO'], until: fromDst(22) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const before = (await list(monday, fromDst(23))).filter((o) => o.seriesId === id);
    expect(before).toHaveLength(4);
    const [, second, third, fourth] = before;

    // One date moves to 7 pm, another changes room only, a third is deleted.
    const moved = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'occurrence',
      occurrenceStart: second?.occurrenceStart,
      start: `${fromDst(8)}T19:00`,
      end: `${fromDst(8)}T20:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const roomed = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'occurrence',
      occurrenceStart: third?.occurrenceStart,
      facility: 'Room 14',
    });
    expect(roomed.statusCode, roomed.body).toBe(200);
    const deleted = await director.delete(
      `/api/calendar/events/${id}?scope=occurrence&occurrenceStart=${encodeURIComponent(fourth?.occurrenceStart as string)}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);

    // The whole series moves half an hour later.
    const series = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'series',
      start: `${monday}T17:30`,
      end: `${monday}T18:30`,
      title: 'Film Review',
    });
    expect(series.statusCode, series.body).toBe(200);
    const after = (await list(monday, fromDst(23))).filter((o) => o.seriesId === id);
    expect(after.map((o) => [o.localStart, o.localEnd, o.facility, o.isException, o.title])).toEqual([
      [`${monday}T17:30`, `${monday}T18:30`, 'Room 12', false, 'Film Review'],
      [`${fromDst(8)}T19:00`, `${fromDst(8)}T20:00`, 'Room 12', true, 'Film Review'],
      [`${fromDst(15)}T17:30`, `${fromDst(15)}T18:30`, 'Room 14', true, 'Film Review'],
    ]);
    // Re-keyed: each exception answers to its date's new start (RECURRENCE-ID in the feed).
    expect(after[1]?.occurrenceStart).toBe(new Date(`${fromDst(8)}T23:30:00Z`).toISOString());
    expect(after[2]?.occurrenceStart).toBe(new Date(`${fromDst(15)}T23:30:00Z`).toISOString());
    const ics = await feedText();
    expect(ics).toContain(`RECURRENCE-ID;TZID=America/Chicago:${fromDst(8).replaceAll('-', '')}T173000`);
    expect(ics).toContain(`EXDATE;TZID=America/Chicago:${fromDst(22).replaceAll('-', '')}T173000`);

    // The series change is announced in the team room with its time diff.
    const rooms = await director.get(`/api/chat/teams/${school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const history = await director.get(`/api/chat/rooms/${roomId}/messages?limit=100`);
    const notices = (history.json().data.messages as unknown[])
      .map((m) => chatMessageSchema.parse(m))
      .filter((m) => m.messageType === 'SYSTEM' && m.notice?.eventId === id);
    const last = notices.at(-1);
    expect(last?.notice?.changes).toEqual(
      expect.arrayContaining([{ field: 'time', before: '5:00 PM – 6:00 PM', after: '5:30 PM – 6:30 PM' }]),
    );

    // Moving the series to Tuesdays drops what belonged to Mondays.
    const tuesdays = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'series',
      repeat: { byDay: ['TU'], until: fromDst(22) },
    });
    expect(tuesdays.statusCode, tuesdays.body).toBe(200);
    const left = await app.testDatabase.db.select().from(calendarEvents).where(eq(calendarEvents.seriesId, id));
    expect(left).toEqual([]);
    const [master] = await app.testDatabase.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    expect(master?.exdates).toEqual([]);
  });
});
