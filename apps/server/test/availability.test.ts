import { type Availability, availabilitySchema, calendarOccurrenceSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventAvailability, guardianLinks, teamMembers, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { nextEvent, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;
const sockets: Socket[] = [];

/** A date `days` from today (UTC), as the wall-clock date of a form. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

async function createEvent(body: Record<string, unknown>) {
  const res = await director.post('/api/calendar/events', {
    type: 'PRACTICE',
    title: 'Varsity Practice',
    teamId: school.varsity.id,
    facility: 'Main Gym',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return calendarOccurrenceSchema.parse(res.json().data);
}

const read = (res: { statusCode: number; body: string; json: () => { data: unknown } }): Availability => {
  expect(res.statusCode, res.body).toBe(200);
  return availabilitySchema.parse(res.json().data);
};

describe('availability of a single event', () => {
  let eventId: number;
  let path: string;

  beforeAll(async () => {
    const event = await createEvent({ start: `${day(5)}T16:00`, end: `${day(5)}T17:30` });
    eventId = event.eventId;
    path = `/api/calendar/events/${eventId}/availability`;
  });

  it('lets an athlete answer with a note, and shows staff and coaches the whole roster', async () => {
    const athlete = await as(app, school.athlete);
    const saved = read(await athlete.put(path, { status: 'NOT_GOING', note: 'Dentist appointment' }));
    // The athlete sees the team's counts and only their own answer.
    expect(saved.counts).toEqual({ going: 0, maybe: 0, notGoing: 1, noReply: 0 });
    expect(saved.entries).toHaveLength(1);
    expect(saved.entries[0]).toMatchObject({
      athlete: { id: school.athlete.id },
      status: 'NOT_GOING',
      note: 'Dentist appointment',
      repliedBy: { id: school.athlete.id },
      forSeries: false,
    });
    for (const reader of [director, await as(app, school.coach), await as(app, school.assistant)]) {
      const seen = read(await reader.get(path));
      expect(seen.entries.map((e) => e.athlete.id)).toEqual([school.athlete.id]);
      expect(seen.entries[0]?.note).toBe('Dentist appointment');
    }
  });

  it('lets a guardian answer for their child; the latest answer holds', async () => {
    const parent = await as(app, school.parent);
    const saved = read(await parent.put(path, { status: 'MAYBE', athleteId: school.athlete.id }));
    expect(saved.entries[0]).toMatchObject({ status: 'MAYBE', note: null, repliedBy: { id: school.parent.id } });
    // Without athleteId the only child on the team is meant.
    const again = read(await parent.put(path, { status: 'GOING' }));
    expect(again.counts.going).toBe(1);
    const rows = await app.testDatabase.db
      .select()
      .from(eventAvailability)
      .where(eq(eventAvailability.eventId, eventId));
    expect(rows).toHaveLength(1);
  });

  it('refuses whoever has no part in the team, other schools and bad input', async () => {
    // athlete2 is on the JV, not the varsity; staff read but do not answer.
    const jvAthlete = await as(app, school.athlete2);
    expect((await jvAthlete.get(path)).statusCode).toBe(403);
    expect((await jvAthlete.put(path, { status: 'GOING' })).statusCode).toBe(403);
    expect((await director.put(path, { status: 'GOING' })).statusCode).toBe(403);
    const parent = await as(app, school.parent);
    expect((await parent.put(path, { status: 'GOING', athleteId: school.athlete2.id })).statusCode).toBe(403);
    for (const stranger of [other.director, other.athlete, other.parent, other.coach]) {
      const client = await as(app, stranger);
      expect((await client.get(path)).statusCode, stranger.role ?? '').toBe(404);
      expect((await client.put(path, { status: 'GOING' })).statusCode).toBe(404);
    }
    const athlete = await as(app, school.athlete);
    for (const body of [
      { status: 'SOON' },
      { status: 'GOING', note: 'x'.repeat(281) },
      { status: 'GOING', extra: 1 },
    ]) {
      const res = await athlete.put(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['id', 'message', 'statusCode']);
    }
    expect((await athlete.get('/api/calendar/events/999999/availability')).statusCode).toBe(404);
  });

  it('refuses a suspended athlete', async () => {
    const athlete = await as(app, school.athlete);
    await app.testDatabase.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, school.athlete.id));
    try {
      expect([401, 403]).toContain((await athlete.put(path, { status: 'GOING' })).statusCode);
    } finally {
      await app.testDatabase.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, school.athlete.id));
    }
  });

  it('takes no answers for cancelled, past or school-wide events', async () => {
    const athlete = await as(app, school.athlete);
    const cancelled = await createEvent({ start: `${day(6)}T16:00`, end: `${day(6)}T17:00` });
    expect(
      (await director.post(`/api/calendar/events/${cancelled.eventId}/status`, { status: 'CANCELLED' })).statusCode,
    ).toBe(200);
    const res = await athlete.put(`/api/calendar/events/${cancelled.eventId}/availability`, { status: 'GOING' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This event is cancelled');
    const past = await createEvent({ start: `${day(-3)}T16:00`, end: `${day(-3)}T17:00` });
    const late = await athlete.put(`/api/calendar/events/${past.eventId}/availability`, { status: 'GOING' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This event has already taken place');
    const schoolWide = await createEvent({
      type: 'MEETING',
      title: 'Sports banquet',
      teamId: null,
      start: `${day(7)}T18:00`,
      end: `${day(7)}T20:00`,
    });
    expect(
      (await athlete.put(`/api/calendar/events/${schoolWide.eventId}/availability`, { status: 'GOING' })).statusCode,
    ).toBe(400);
  });

  it('tells the school’s open screens live, and holds one answer under parallel replies', async () => {
    const watcher = await openSocket(app, url, school.director, sockets);
    const heard = nextEvent<{ eventId: number }>(watcher, SOCKET_EVENTS.availabilityUpdate);
    const athlete = await as(app, school.athlete);
    const parent = await as(app, school.parent);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? athlete : parent).put(path, { status: i % 3 ? 'GOING' : 'MAYBE' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await heard).eventId).toBe(eventId);
    const rows = await app.testDatabase.db
      .select()
      .from(eventAvailability)
      .where(eq(eventAvailability.eventId, eventId));
    expect(rows).toHaveLength(1);
  });
});

describe('availability of a series', () => {
  it('takes an answer for the whole series and a different one for one date, which a moved date keeps', async () => {
    const series = await createEvent({
      title: 'Varsity Lifting',
      start: `${day(2)}T06:30`,
      end: `${day(2)}T07:30`,
      repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(12) },
    });
    const path = `/api/calendar/events/${series.eventId}/availability`;
    const from = `${day(1)}T00:00:00Z`;
    const to = `${day(14)}T00:00:00Z`;
    const listed = await director.get(`/api/calendar/events?from=${from}&to=${to}&teamId=${school.varsity.id}`);
    const dates = (
      listed.json().data.occurrences as { seriesId: number | null; occurrenceStart: string; key: string }[]
    ).filter((o) => o.seriesId === series.eventId);
    expect(dates.length).toBeGreaterThanOrEqual(10);
    const [first, second] = dates as [(typeof dates)[number], (typeof dates)[number]];

    const athlete = await as(app, school.athlete);
    const whole = read(await athlete.put(path, { status: 'GOING' }));
    expect(whole.occurrenceStart).toBeNull();
    const one = read(
      await athlete.put(path, { status: 'NOT_GOING', note: 'Away', occurrenceStart: second.occurrenceStart }),
    );
    expect(one.entries[0]).toMatchObject({ status: 'NOT_GOING', forSeries: false });
    const onFirst = read(await director.get(`${path}?occurrenceStart=${encodeURIComponent(first.occurrenceStart)}`));
    expect(onFirst.entries[0]).toMatchObject({ status: 'GOING', forSeries: true });

    // The summary gives every date's counts at once.
    const summaryUrl = `/api/calendar/availability?teamId=${school.varsity.id}&from=${from}&to=${to}`;
    const summary = await director.get(summaryUrl);
    expect(summary.statusCode, summary.body).toBe(200);
    const counts = summary.json().data as Record<string, { going: number; notGoing: number }>;
    expect(counts[first.key]).toMatchObject({ going: 1, notGoing: 0 });
    expect(counts[second.key]).toMatchObject({ going: 0, notGoing: 1 });
    expect((await (await as(app, school.coach)).get(summaryUrl)).statusCode).toBe(200);
    for (const outsider of [school.athlete, school.parent, other.director]) {
      expect((await (await as(app, outsider)).get(summaryUrl)).statusCode, outsider.role ?? '').toBe(404);
    }

    // Moving that date keeps its answer: the exception row names the series date.
    const moved = await director.patch(`/api/calendar/events/${series.eventId}`, {
      scope: 'occurrence',
      occurrenceStart: second.occurrenceStart,
      start: `${second.occurrenceStart.slice(0, 10)}T08:00`,
      end: `${second.occurrenceStart.slice(0, 10)}T09:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const exception = calendarOccurrenceSchema.parse(moved.json().data);
    const kept = read(await director.get(`/api/calendar/events/${exception.eventId}/availability`));
    expect(kept.entries[0]).toMatchObject({ status: 'NOT_GOING', note: 'Away' });

    // A new answer for the whole series replaces the dates' own answers still ahead.
    read(await athlete.put(path, { status: 'MAYBE' }));
    const reset = read(await director.get(`/api/calendar/events/${exception.eventId}/availability`));
    expect(reset.entries[0]).toMatchObject({ status: 'MAYBE', forSeries: true });

    // A date that is not in the series is not there.
    const wrong = await athlete.put(path, { status: 'GOING', occurrenceStart: `${day(3)}T03:17:00.000Z` });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('availability when the whole series changes', () => {
  it('keeps each date’s answer through a retime, and drops the answers of dates the series lost', async () => {
    const series = await createEvent({
      title: 'Varsity Sprints',
      facility: 'Track',
      start: `${day(3)}T10:00`,
      end: `${day(3)}T11:00`,
      repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(6) },
    });
    const path = `/api/calendar/events/${series.eventId}/availability`;
    const dates = async () => {
      const listed = await director.get(
        `/api/calendar/events?from=${day(2)}T00:00:00Z&to=${day(9)}T00:00:00Z&teamId=${school.varsity.id}`,
      );
      return (listed.json().data.occurrences as { seriesId: number | null; occurrenceStart: string }[])
        .filter((o) => o.seriesId === series.eventId)
        .map((o) => o.occurrenceStart);
    };
    const [, second, , fourth] = await dates();
    const athlete = await as(app, school.athlete);
    read(await athlete.put(path, { status: 'NOT_GOING', note: 'Recital', occurrenceStart: second }));
    read(await athlete.put(path, { status: 'MAYBE', occurrenceStart: fourth }));

    // Half an hour later, every day: the answers move with their dates.
    const later = await director.patch(`/api/calendar/events/${series.eventId}`, {
      scope: 'series',
      start: `${day(3)}T10:30`,
      end: `${day(3)}T11:30`,
    });
    expect(later.statusCode, later.body).toBe(200);
    const [, secondNow, , fourthNow] = await dates();
    expect(secondNow).not.toBe(second);
    const kept = read(await director.get(`${path}?occurrenceStart=${encodeURIComponent(secondNow as string)}`));
    expect(kept.entries[0]).toMatchObject({ status: 'NOT_GOING', note: 'Recital', forSeries: false });
    const alsoKept = read(await director.get(`${path}?occurrenceStart=${encodeURIComponent(fourthNow as string)}`));
    expect(alsoKept.entries[0]).toMatchObject({ status: 'MAYBE', forSeries: false });

    // The series now ends on its third date: the fourth date's answer goes with it.
    const shorter = await director.patch(`/api/calendar/events/${series.eventId}`, {
      scope: 'series',
      repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(5) },
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    const left = await app.testDatabase.db
      .select({ occurrenceStart: eventAvailability.occurrenceStart })
      .from(eventAvailability)
      .where(eq(eventAvailability.eventId, series.eventId));
    expect(left.map((a) => a.occurrenceStart?.toISOString())).toEqual([secondNow]);
  });
});

describe('availability for this and the later dates of a series', () => {
  type Dated = { seriesId: number | null; occurrenceStart: string; eventId: number };
  let path: string;
  let dates: Dated[];
  const on = (date: Dated) => `${path}?occurrenceStart=${encodeURIComponent(date.occurrenceStart)}`;

  beforeAll(async () => {
    const series = await createEvent({
      title: 'Varsity Film',
      facility: 'Film Room',
      start: `${day(2)}T20:30`,
      end: `${day(2)}T21:30`,
      repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: day(9) },
    });
    path = `/api/calendar/events/${series.eventId}/availability`;
    const listed = await director.get(
      `/api/calendar/events?from=${day(1)}T00:00:00Z&to=${day(14)}T00:00:00Z&teamId=${school.varsity.id}`,
    );
    dates = (listed.json().data.occurrences as Dated[]).filter((o) => o.seriesId === series.eventId);
    expect(dates.length).toBeGreaterThanOrEqual(7);
    // One later date is cancelled: it takes no answer.
    const cancelled = await director.post(`/api/calendar/events/${series.eventId}/status`, {
      status: 'CANCELLED',
      scope: 'occurrence',
      occurrenceStart: dates[5]?.occurrenceStart,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('answers this date and every later one still on, in one go; earlier dates keep theirs', async () => {
    const athlete = await as(app, school.athlete);
    read(await athlete.put(path, { status: 'GOING', occurrenceStart: dates[0]?.occurrenceStart }));
    read(await athlete.put(path, { status: 'GOING', occurrenceStart: dates[4]?.occurrenceStart }));
    const res = await athlete.put(path, {
      status: 'NOT_GOING',
      note: 'Away for the week',
      occurrenceStart: dates[2]?.occurrenceStart,
      scope: 'series',
    });
    const saved = read(res);
    expect(saved.entries[0]).toMatchObject({ status: 'NOT_GOING', note: 'Away for the week', forSeries: false });
    // Dates 2, 3, 4 and 6 onward; the cancelled fifth is left out.
    const answered = dates.length - 2 - 1;
    expect(res.json().message).toBe(`Availability saved for ${answered} dates`);
    const statusOn = async (date: Dated) => read(await director.get(on(date))).entries[0]?.status ?? null;
    expect(await statusOn(dates[0] as Dated)).toBe('GOING');
    expect(await statusOn(dates[1] as Dated)).toBeNull();
    for (const date of [dates[2], dates[3], dates[4], dates[6], dates.at(-1)] as Dated[])
      expect(await statusOn(date)).toBe('NOT_GOING');
    const rows = await app.testDatabase.db
      .select()
      .from(eventAvailability)
      .where(eq(eventAvailability.eventId, dates[0]?.seriesId as number));
    expect(rows.filter((r) => r.athleteId === school.athlete.id)).toHaveLength(answered + 1);
    expect(rows.every((r) => r.occurrenceStart !== null)).toBe(true);
  });

  it('starts from a moved date by its series date, through the exception row’s own id', async () => {
    const moved = await director.patch(`/api/calendar/events/${dates[3]?.seriesId}`, {
      scope: 'occurrence',
      occurrenceStart: dates[3]?.occurrenceStart,
      start: `${dates[3]?.occurrenceStart.slice(0, 10)}T12:00`,
      end: `${dates[3]?.occurrenceStart.slice(0, 10)}T13:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const exception = calendarOccurrenceSchema.parse(moved.json().data);
    const athlete = await as(app, school.athlete);
    const res = await athlete.put(`/api/calendar/events/${exception.eventId}/availability`, {
      status: 'MAYBE',
      scope: 'series',
    });
    read(res);
    expect(read(await director.get(on(dates[2] as Dated))).entries[0]?.status).toBe('NOT_GOING');
    expect(read(await director.get(on(dates.at(-1) as Dated))).entries[0]?.status).toBe('MAYBE');
  });

  it('lets a guardian answer per child: the child named, and no other', async () => {
    const db = app.testDatabase.db;
    // For this test the parent has a second child on the varsity.
    await db.insert(teamMembers).values({ teamId: school.varsity.id, userId: school.athlete2.id });
    await db.insert(guardianLinks).values({ guardianId: school.parent.id, athleteId: school.athlete2.id });
    try {
      const parent = await as(app, school.parent);
      const body = { status: 'GOING', occurrenceStart: dates[6]?.occurrenceStart, scope: 'series' };
      const unnamed = await parent.put(path, body);
      expect(unnamed.statusCode, unnamed.body).toBe(400);
      const saved = read(await parent.put(path, { ...body, athleteId: school.athlete2.id }));
      expect(saved.entries.map((e) => [e.athlete.id, e.status])).toEqual(
        expect.arrayContaining([
          [school.athlete2.id, 'GOING'],
          [school.athlete.id, 'MAYBE'],
        ]),
      );
      const last = read(await director.get(on(dates.at(-1) as Dated)));
      expect(last.entries.find((e) => e.athlete.id === school.athlete2.id)).toMatchObject({
        status: 'GOING',
        repliedBy: { id: school.parent.id },
      });
      expect(last.entries.find((e) => e.athlete.id === school.athlete.id)?.status).toBe('MAYBE');
    } finally {
      await db.delete(eventAvailability).where(eq(eventAvailability.athleteId, school.athlete2.id));
      await db
        .delete(guardianLinks)
        .where(and(eq(guardianLinks.guardianId, school.parent.id), eq(guardianLinks.athleteId, school.athlete2.id)));
      await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, school.varsity.id), eq(teamMembers.userId, school.athlete2.id)));
    }
  });

  it('refuses staff, outsiders, another school, a single event and a series without a date; writes nothing', async () => {
    const db = app.testDatabase.db;
    const before = await db.select().from(eventAvailability);
    const body = { status: 'GOING', occurrenceStart: dates[1]?.occurrenceStart, scope: 'series' };
    for (const staff of [school.director, school.coach, school.administrator])
      expect((await (await as(app, staff)).put(path, body)).statusCode, staff.role ?? '').toBe(403);
    // athlete2 is on the JV only; the parent answers for their own child only.
    expect((await (await as(app, school.athlete2)).put(path, body)).statusCode).toBe(403);
    const parent = await as(app, school.parent);
    expect((await parent.put(path, { ...body, athleteId: school.athlete2.id })).statusCode).toBe(403);
    for (const stranger of [other.director, other.athlete, other.parent])
      expect((await (await as(app, stranger)).put(path, body)).statusCode, stranger.role ?? '').toBe(404);

    const athlete = await as(app, school.athlete);
    const single = await createEvent({ facility: 'Film Room', start: `${day(4)}T22:00`, end: `${day(4)}T22:30` });
    const notSeries = await athlete.put(`/api/calendar/events/${single.eventId}/availability`, {
      status: 'GOING',
      scope: 'series',
    });
    expect(notSeries.statusCode).toBe(400);
    expect(notSeries.json()).toMatchObject({ statusCode: 400, id: 'not_a_series' });
    const noDate = await athlete.put(path, { status: 'GOING', scope: 'series' });
    expect(noDate.statusCode).toBe(400);
    expect((await athlete.put(path, { ...body, scope: 'season' })).statusCode).toBe(400);
    // The cancelled date itself takes no answer, for one date or from it on.
    expect((await athlete.put(path, { ...body, occurrenceStart: dates[5]?.occurrenceStart })).statusCode).toBe(409);
    expect((await db.select().from(eventAvailability)).length).toBe(before.length);
  });
});
