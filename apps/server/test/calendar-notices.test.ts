/**
 * Change notices (decision 024): every calendar change posts a card with a before → after diff
 * in the team's room (organization-wide events: every team's), the same text as a notification
 * once per person, and the iCal feed carries the new place and time.
 */
import {
  type CalendarFeed,
  type ChangeNotice,
  type ChatMessage,
  chatMessageSchema,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, notifications, teamMembers } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { nextEvent, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let school: School;
let director: Awaited<ReturnType<typeof as>>;
let url: string;
const sockets: Socket[] = [];

// Days from the first Tuesday after April 5th next year: no DST change nearby, weekdays known.
const year = new Date().getUTCFullYear() + 1;
const firstTuesday = (() => {
  const d = new Date(Date.UTC(year, 3, 6));
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.getTime();
})();
const day = (offset: number) => new Date(firstTuesday + offset * 86_400_000).toISOString().slice(0, 10);
/** "Tue, Apr 7": how notices name a date. */
const label = (offset: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(firstTuesday + offset * 86_400_000),
  );

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  director = await as(app, school.director);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await app.close();
});

/** The team room's SYSTEM messages, oldest first, parsed with the shared schema. */
async function systemMessages(teamId: number): Promise<ChatMessage[]> {
  const rooms = await director.get(`/api/chat/teams/${teamId}/rooms`);
  expect(rooms.statusCode, rooms.body).toBe(200);
  const roomId = rooms.json().data[0].id as number;
  const history = await director.get(`/api/chat/rooms/${roomId}/messages?limit=100`);
  expect(history.statusCode, history.body).toBe(200);
  return (history.json().data.messages as unknown[])
    .map((m) => chatMessageSchema.parse(m))
    .filter((m) => m.messageType === 'SYSTEM' && m.notice);
}

async function lastNotice(teamId: number): Promise<ChatMessage & { notice: ChangeNotice }> {
  const last = (await systemMessages(teamId)).at(-1);
  expect(last?.notice).toBeTruthy();
  return last as ChatMessage & { notice: ChangeNotice };
}

const eventNotes = (userId: number) =>
  app.testDatabase.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'event')));
/** A person's notifications about one event (an unread one with the same link is replaced). */
const notesAbout = async (userId: number, eventId: number) =>
  (await eventNotes(userId)).filter((n) => n.actionUrl?.endsWith(`event=${eventId}`));

const practice = (overrides: Record<string, unknown> = {}) => ({
  type: 'PRACTICE',
  title: 'Varsity Practice',
  teamId: school.varsity.id,
  start: `${day(0)}T17:30`,
  end: `${day(0)}T18:30`,
  facility: 'Main Gym',
  location: 'Westfield High',
  ...overrides,
});

describe('change notices', () => {
  it('moving a practice from Main Gym to Auxiliary Gym and 5:30 → 7:00 PM names both changes everywhere', async () => {
    const created = await director.post('/api/calendar/events', practice());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;

    // The coach's open app hears the card live, after the commit.
    const coach = await openSocket(app, url, school.coach, sockets);
    const live = nextEvent<ChatMessage>(coach, SOCKET_EVENTS.chatMessageReceived, 5000);
    const moved = await director.patch(`/api/calendar/events/${id}`, {
      facility: 'Auxiliary Gym',
      start: `${day(0)}T19:00`,
      end: `${day(0)}T20:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const message = await lastNotice(school.varsity.id);
    expect(message.notice.kind).toBe('move');
    expect(message.notice.eventId).toBe(id);
    expect(message.notice.changes).toEqual([
      { field: 'time', before: '5:30 PM – 6:30 PM', after: '7:00 PM – 8:00 PM' },
      { field: 'facility', before: 'Main Gym', after: 'Auxiliary Gym' },
    ]);
    expect(message.content.startsWith(`Schedule change: Varsity Practice moved to ${label(0)}, 7:00 PM`)).toBe(true);
    expect(message.content).toContain('Facility: Main Gym → Auxiliary Gym');
    expect(message.content).toContain('Time: 5:30 PM – 6:30 PM → 7:00 PM – 8:00 PM');
    expect((await live).notice).toEqual(message.notice);
    // Stored once, in the message's own metadata column (no side table).
    const [stored] = await app.testDatabase.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(stored?.metadata).toEqual({ notice: message.notice });

    // Coach, athlete and guardian get a notification carrying the same text.
    for (const person of [school.coach, school.athlete, school.parent]) {
      const notes = await notesAbout(person.id, id);
      expect(
        notes.map((n) => n.message),
        person.firstName,
      ).toEqual([message.content]);
    }
    expect(await eventNotes(school.director.id)).toEqual([]);

    // The team's iCal feed shows the new place and time.
    const feeds = (await director.get('/api/calendar/feeds')).json().data as CalendarFeed[];
    const feed = feeds.find((f) => f.teamId === school.varsity.id) as CalendarFeed;
    const ics = await app.inject({ method: 'GET', url: feed.path });
    expect(ics.statusCode).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(ics.body))
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === 'Varsity Practice');
    expect(String(vevent?.getFirstPropertyValue('location'))).toContain('Auxiliary Gym');
    expect(String(vevent?.getFirstPropertyValue('location'))).not.toContain('Main Gym');
    const start = vevent?.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(vevent?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Chicago');
    expect([start.hour, start.minute]).toEqual([19, 0]);
    expect(vevent?.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('posts a notice for every kind of change, each with its diff and text', async () => {
    const created = await director.post(
      '/api/calendar/events',
      practice({
        type: 'GAME',
        title: 'Varsity Basketball',
        opponent: 'Central High',
        homeAway: 'HOME',
        start: `${day(2)}T19:00`,
        end: `${day(2)}T21:00`,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const made = await lastNotice(school.varsity.id);
    expect(made.notice.kind).toBe('create');
    expect(made.content).toBe(
      `New game: Varsity Basketball: vs Central High (Home), ${label(2)}, 7:00 PM at Westfield High.`,
    );
    expect(made.notice.changes.map((c) => [c.field, c.before, c.after])).toContainEqual([
      'opponent',
      null,
      'Central High',
    ]);

    // Content that is not notice-worthy (the notes) stays quiet.
    const count = (await systemMessages(school.varsity.id)).length;
    expect((await director.patch(`/api/calendar/events/${id}`, { notes: 'Wear white' })).statusCode).toBe(200);
    expect((await systemMessages(school.varsity.id)).length).toBe(count);

    // An update without a time change: opponent and home/away.
    await director.patch(`/api/calendar/events/${id}`, { opponent: 'Lakeside Prep', homeAway: 'AWAY' });
    const updated = await lastNotice(school.varsity.id);
    expect(updated.notice.kind).toBe('update');
    expect(updated.notice.changes).toEqual([
      { field: 'opponent', before: 'Central High', after: 'Lakeside Prep' },
      { field: 'homeAway', before: 'Home', after: 'Away' },
    ]);
    expect(updated.content).toContain('Opponent: Central High → Lakeside Prep; Home/away: Home → Away');

    // A date change (same time of day) shows the date, not the time.
    await director.patch(`/api/calendar/events/${id}`, { start: `${day(3)}T19:00`, end: `${day(3)}T21:00` });
    const dated = await lastNotice(school.varsity.id);
    expect(dated.notice.changes).toEqual([{ field: 'date', before: label(2), after: label(3) }]);

    // Title and type.
    await director.patch(`/api/calendar/events/${id}`, { type: 'TOURNAMENT', title: 'Spring Classic' });
    const renamed = await lastNotice(school.varsity.id);
    expect(renamed.notice.changes).toEqual([
      { field: 'title', before: 'Varsity Basketball', after: 'Spring Classic' },
      { field: 'type', before: 'Game', after: 'Tournament' },
    ]);

    await director.post(`/api/calendar/events/${id}/status`, { status: 'POSTPONED' });
    const postponed = await lastNotice(school.varsity.id);
    expect(postponed.notice.kind).toBe('postpone');
    expect(postponed.notice.changes).toEqual([{ field: 'status', before: 'Scheduled', after: 'Postponed' }]);
    expect(postponed.content).toMatch(/^Postponed: .*Status: Scheduled → Postponed\.$/);

    await director.post(`/api/calendar/events/${id}/status`, { status: 'SCHEDULED' });
    const back = await lastNotice(school.varsity.id);
    expect(back.notice.kind).toBe('reschedule');
    expect(back.notice.changes).toEqual([{ field: 'status', before: 'Postponed', after: 'Scheduled' }]);

    await director.post(`/api/calendar/events/${id}/status`, { status: 'CANCELLED' });
    const cancelled = await lastNotice(school.varsity.id);
    expect(cancelled.notice.kind).toBe('cancel');
    expect(cancelled.notice.changes).toEqual([{ field: 'status', before: 'Scheduled', after: 'Cancelled' }]);
    expect(cancelled.content).toBe(`Cancelled: Spring Classic on ${label(3)}, 7:00 PM. Status: Scheduled → Cancelled.`);

    expect((await director.delete(`/api/calendar/events/${id}`)).statusCode).toBe(200);
    const removed = await lastNotice(school.varsity.id);
    expect(removed.notice.kind).toBe('delete');
    expect(removed.notice.changes).toEqual([{ field: 'status', before: 'Cancelled', after: 'Removed' }]);
    expect(removed.content).toMatch(/^Removed from the schedule: Spring Classic/);
  });

  it('notices one date of a series and edits of the whole series', async () => {
    const created = await director.post(
      '/api/calendar/events',
      practice({
        title: 'Morning Lift',
        start: `${day(7)}T06:30`,
        end: `${day(7)}T07:30`,
        repeat: { byDay: ['TU'], until: day(21) },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const list = await director.get(
      `/api/calendar/events?from=${day(6)}T00:00:00Z&to=${day(22)}T00:00:00Z&teamId=${school.varsity.id}`,
    );
    const dates = (list.json().data.occurrences as { seriesId: number | null; occurrenceStart: string }[]).filter(
      (o) => o.seriesId === id,
    );
    expect(dates).toHaveLength(3);

    // One date moves to the weight room.
    const one = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'occurrence',
      occurrenceStart: dates[1]?.occurrenceStart,
      facility: 'Weight Room',
    });
    expect(one.statusCode, one.body).toBe(200);
    const occurrence = await lastNotice(school.varsity.id);
    expect(occurrence.notice.changes).toEqual([{ field: 'facility', before: 'Main Gym', after: 'Weight Room' }]);
    expect(occurrence.content).toContain(label(14));

    // The whole series starts later.
    const series = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'series',
      start: `${day(7)}T07:00`,
      end: `${day(7)}T08:00`,
    });
    expect(series.statusCode, series.body).toBe(200);
    const all = await lastNotice(school.varsity.id);
    expect(all.notice.kind).toBe('move');
    expect(all.notice.changes).toContainEqual({
      field: 'time',
      before: '6:30 AM – 7:30 AM',
      after: '7:00 AM – 8:00 AM',
    });

    // Cancelling one date stands out as a cancellation of that date.
    const cancelOne = await director.post(`/api/calendar/events/${id}/status`, {
      status: 'CANCELLED',
      scope: 'occurrence',
      occurrenceStart: new Date(Date.parse(dates[2]?.occurrenceStart as string) + 30 * 60_000).toISOString(),
    });
    expect(cancelOne.statusCode, cancelOne.body).toBe(200);
    const cancelled = await lastNotice(school.varsity.id);
    expect(cancelled.notice.kind).toBe('cancel');
    expect(cancelled.content).toMatch(new RegExp(`^Cancelled: Morning Lift on ${label(21)}, 7:00 AM`));

    // This and following, from the second date: the split series moves to the pool.
    const second = new Date(Date.parse(dates[1]?.occurrenceStart as string) + 30 * 60_000).toISOString();
    const following = await director.patch(`/api/calendar/events/${id}`, {
      scope: 'following',
      occurrenceStart: second,
      facility: 'Pool',
    });
    expect(following.statusCode, following.body).toBe(200);
    const split = await lastNotice(school.varsity.id);
    expect(split.notice.changes).toContainEqual({ field: 'facility', before: 'Main Gym', after: 'Pool' });
    expect(split.content).toContain(label(14));

    // Deleting the first date alone.
    const first = new Date(Date.parse(dates[0]?.occurrenceStart as string) + 30 * 60_000).toISOString();
    const removed = await director.delete(
      `/api/calendar/events/${id}?scope=occurrence&occurrenceStart=${encodeURIComponent(first)}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await lastNotice(school.varsity.id);
    expect(gone.notice.kind).toBe('delete');
    expect(gone.content).toBe(`Removed from the schedule: Morning Lift on ${label(7)}, 7:00 AM.`);
  });

  it('an organization-wide change reaches every team room, and each person once', async () => {
    // The athlete plays on both teams now; their guardian follows both.
    await app.testDatabase.db.insert(teamMembers).values({ teamId: school.jv.id, userId: school.athlete.id });

    const created = await director.post('/api/calendar/events', {
      type: 'MEETING',
      title: 'Winter Sports Banquet',
      teamId: null,
      start: `${day(9)}T18:00`,
      end: `${day(9)}T20:00`,
      facility: 'Cafeteria',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.eventId as number;
    const moved = await director.patch(`/api/calendar/events/${id}`, { facility: 'Auditorium' });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const team of [school.varsity, school.jv]) {
      const notice = await lastNotice(team.id);
      expect(notice.notice.eventId, team.name).toBe(id);
      expect(notice.notice.changes).toEqual([{ field: 'facility', before: 'Cafeteria', after: 'Auditorium' }]);
    }
    // One notification per person, on one team or two (a doubled recipient would also fail the
    // upsert's "cannot affect a row twice"), carrying the notice's text.
    const [varsityNotice] = (await systemMessages(school.varsity.id)).slice(-1);
    for (const person of [school.athlete, school.parent, school.athlete2, school.coach]) {
      const notes = await notesAbout(person.id, id);
      expect(
        notes.map((n) => n.message),
        person.firstName,
      ).toEqual([varsityNotice?.content]);
    }
    expect(await notesAbout(school.director.id, id)).toEqual([]);

    // Given to the varsity alone: every team that had it hears, with the team named.
    const given = await director.patch(`/api/calendar/events/${id}`, { teamId: school.varsity.id });
    expect(given.statusCode, given.body).toBe(200);
    for (const team of [school.varsity, school.jv]) {
      const notice = await lastNotice(team.id);
      expect(notice.notice.changes, team.name).toEqual([
        { field: 'team', before: 'Whole school', after: 'Girls Varsity Basketball' },
      ]);
      expect(notice.content).toContain('Team: Whole school → Girls Varsity Basketball');
    }
  });
});
