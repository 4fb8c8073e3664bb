/**
 * Race-free changes (issue #21 item 2, decision 017), sent in parallel. On PostgreSQL the
 * requests really overlap (a pool of connections); on PGlite they interleave on one connection.
 * Each case failed before decision 017: the calendar lost updates or double-booked, a coach's
 * first two teams at once answered 500, the team room kept people who had left the roster, and
 * a read racing a send zeroed an unread count that still had a message behind it.
 */
import {
  BROADCAST_SCHOOL_TEMPLATES_MAX,
  type CalendarOccurrence,
  calendarListSchema,
  calendarOccurrenceSchema,
  SOCKET_EVENTS,
  type SocketAck,
} from '@fieldhouse/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  auditLog,
  calendarEvents,
  chatMessages,
  chatRoomMembers,
  coaches,
  guardianLinks,
  sports,
  teamCoaches,
  teamMembers,
  users,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let director: Awaited<ReturnType<typeof as>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
  director = await as(app, school.director);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const year = new Date().getUTCFullYear() + 1;
const day = (month: number, d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

async function occurrencesOf(seriesId: number, from: string, to: string) {
  const res = await director.get(
    `/api/calendar/events?from=${from}T00:00:00Z&to=${to}T00:00:00Z&teamId=${school.varsity.id}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return calendarListSchema.parse(res.json().data).occurrences.filter((o) => o.seriesId === seriesId);
}

it('parallel deletions of different dates of one series: every date goes, every change bumps the sequence', async () => {
  const created = await director.post('/api/calendar/events', {
    type: 'PRACTICE',
    title: 'Varsity Practice',
    teamId: school.varsity.id,
    start: `${day(5, 4)}T15:00`,
    end: `${day(5, 4)}T16:30`,
    facility: 'Practice Field',
    repeat: { byDay: ['MO', 'TU', 'WE', 'TH', 'FR'], until: day(5, 29) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const seriesId = calendarOccurrenceSchema.parse(created.json().data).eventId;
  const before = await occurrencesOf(seriesId, day(5, 1), day(6, 1));
  const [{ sequence: startSequence } = { sequence: -1 }] = await app.testDatabase.db
    .select({ sequence: calendarEvents.sequence })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, seriesId));
  const doomed = before.slice(0, 8) as CalendarOccurrence[];
  const answers = await Promise.all(
    doomed.map((o) =>
      director.delete(
        `/api/calendar/events/${seriesId}?scope=occurrence&occurrenceStart=${encodeURIComponent(o.occurrenceStart as string)}`,
      ),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(doomed.map(() => 200));
  const after = await occurrencesOf(seriesId, day(5, 1), day(6, 1));
  expect(after.length).toBe(before.length - doomed.length);
  for (const o of doomed) expect(after.some((a) => a.occurrenceStart === o.occurrenceStart)).toBe(false);
  const [master] = await app.testDatabase.db.select().from(calendarEvents).where(eq(calendarEvents.id, seriesId));
  expect([...(master?.exdates ?? [])].sort()).toEqual(doomed.map((o) => o.occurrenceStart).sort());
  // Eight changes, eight distinct sequence numbers (calendar clients take the highest as newest).
  expect(master?.sequence).toBe(startSequence + doomed.length);
});

it('parallel overlapping bookings of one facility: one is booked, the others refused with the conflict', async () => {
  const booking = (n: number) =>
    director.post('/api/calendar/events', {
      type: 'MEETING',
      title: `Booster club ${n}`,
      teamId: null,
      start: `${day(7, 7)}T18:00`,
      end: `${day(7, 7)}T19:30`,
      facility: 'Library',
    });
  const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(booking));
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
  for (const refused of answers.filter((a) => a.statusCode === 409)) {
    expect(refused.json()).toMatchObject({ statusCode: 409, id: 'calendar_conflict' });
  }
  const rows = await app.testDatabase.db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.organizationId, school.org.id), eq(calendarEvents.facility, 'Library')));
  expect(rows).toHaveLength(1);
});

it('parallel messages: the other member’s unread count counts every one (SQL increments)', async () => {
  const res = await director.post('/api/chat/rooms/direct', { userId: school.coach.id });
  expect(res.statusCode, res.body).toBe(200);
  const roomId = (res.json().data as { id: number }).id;
  // Two sockets of one sender, so the messages travel on two connections at once.
  const senders = [
    await openSocket(app, url, school.director, sockets),
    await openSocket(app, url, school.director, sockets),
  ];
  const perSocket = 20;
  const acks = await Promise.all(
    senders.flatMap((socket, s) =>
      Array.from({ length: perSocket }, (_, i) =>
        emitWithAck(socket, SOCKET_EVENTS.chatMessage, { roomId, message: `m ${s}-${i}` }),
      ),
    ),
  );
  expect(acks.filter((a) => !a.ok)).toEqual([]);
  const [coach] = await app.testDatabase.db
    .select()
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, school.coach.id)));
  expect(coach?.unreadCount).toBe(perSocket * senders.length);
});

it('parallel first assignments of a coach: one coaching profile, one place per team, no 500', async () => {
  const coach = await buildUser(app, {
    role: 'COACH',
    organizationId: school.org.id,
    firstName: 'Nia',
    lastName: 'New',
  });
  const add = (teamId: number) =>
    director.post(`/api/teams/${teamId}/coaches`, { userId: coach.id, role: 'ASSISTANT' });
  // Both teams at once (the profile race), and the same team five times (the place race).
  const answers = await Promise.all([
    add(school.varsity.id),
    add(school.jv.id),
    ...[1, 2, 3, 4].map(() => add(school.jv.id)),
  ]);
  const codes = answers.map((a) => a.statusCode);
  expect(
    codes.filter((c) => c === 201),
    answers.map((a) => a.body).join('\n'),
  ).toHaveLength(2);
  expect(codes.filter((c) => c === 409)).toHaveLength(4);
  const profiles = await app.testDatabase.db.select().from(coaches).where(eq(coaches.userId, coach.id));
  expect(profiles).toHaveLength(1);
  const places = await app.testDatabase.db
    .select()
    .from(teamCoaches)
    .where(eq(teamCoaches.coachId, profiles[0]?.id ?? -1));
  expect(places.map((p) => p.teamId).sort()).toEqual([school.varsity.id, school.jv.id].sort());
  const audits = await app.testDatabase.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'team.coach-add'), eq(auditLog.organizationId, school.org.id)));
  expect(audits.filter((a) => (a.after as { userId?: number }).userId === coach.id)).toHaveLength(2);
});

it('parallel roster adds and removes: the roster, the team room and the audit log agree', async () => {
  const teamId = school.varsity.id;
  // The team room exists (someone opened the team chat), so it must follow the roster.
  const opened = await director.get(`/api/chat/teams/${teamId}/rooms`);
  expect(opened.statusCode, opened.body).toBe(200);
  const roomId = (opened.json().data as { id: number }[])[0]?.id as number;
  const athletes = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) =>
      buildUser(app, { role: 'ATHLETE', organizationId: school.org.id, firstName: `Athlete${n}`, lastName: 'Race' }),
    ),
  );
  const guardian = await buildUser(app, {
    role: 'PARENT',
    organizationId: school.org.id,
    firstName: 'Gia',
    lastName: 'Race',
  });
  await app.testDatabase.db
    .insert(guardianLinks)
    .values({ guardianId: guardian.id, athleteId: athletes[0]?.id as number });
  const audits = async () =>
    (
      await app.testDatabase.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(teamId))))
    ).map((a) => a.action);
  const auditsBefore = await audits();
  const [lastBefore] = await app.testDatabase.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .orderBy(desc(chatMessages.id))
    .limit(1);

  // Round one: six athletes join while the original athlete (whose mother is in the room) leaves;
  // one of the six is sent twice.
  const round1 = await Promise.all([
    ...athletes.map((a, i) =>
      director.post(`/api/teams/${teamId}/members`, { userId: a.id, jerseyNumber: String(20 + i) }),
    ),
    director.post(`/api/teams/${teamId}/members`, { userId: athletes[5]?.id }),
    director.delete(`/api/teams/${teamId}/members/${school.athlete.id}`),
  ]);
  expect(round1.map((r) => r.statusCode).sort()).toEqual([200, 201, 201, 201, 201, 201, 201, 409]);
  // Round two: three leave, one of them asked twice.
  const round2 = await Promise.all([
    ...athletes.slice(0, 3).map((a) => director.delete(`/api/teams/${teamId}/members/${a.id}`)),
    director.delete(`/api/teams/${teamId}/members/${athletes[0]?.id}`),
  ]);
  expect(round2.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 404]);

  const roster = await app.testDatabase.db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const expectedRoster = athletes.slice(3).map((a) => a.id);
  expect(roster.map((r) => r.id).sort((a, b) => a - b)).toEqual([...expectedRoster].sort((a, b) => a - b));

  // The room: the roster, the coaches and nobody who left (the guardian left with her child, the
  // original athlete's mother with hers); the director who opened it stays.
  const staff = await app.testDatabase.db
    .select({ id: coaches.userId })
    .from(teamCoaches)
    .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
    .where(eq(teamCoaches.teamId, teamId));
  const members = await app.testDatabase.db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  const byId = (a: number, b: number) => a - b;
  expect(members.map((m) => m.userId).sort(byId)).toEqual(
    [...expectedRoster, ...staff.map((c) => c.id), school.director.id].sort(byId),
  );
  expect(staff.map((c) => c.id)).toContain(school.coach.id);

  // One audit entry and one note in the room per change that happened, none for the refused ones.
  const added = (await audits()).slice(auditsBefore.length);
  expect(added.filter((a) => a === 'team.member-add')).toHaveLength(6);
  expect(added.filter((a) => a === 'team.member-remove')).toHaveLength(4);
  const notes = await app.testDatabase.db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.messageType, 'SYSTEM'),
        gt(chatMessages.id, lastBefore?.id ?? 0),
      ),
    );
  expect(notes.filter((n) => n.content.endsWith('joined the team'))).toHaveLength(6);
  expect(notes.filter((n) => n.content.endsWith('left the team'))).toHaveLength(4);
});

it('parallel sends and reads: the unread count always matches the messages after the read position', async () => {
  const res = await director.post('/api/chat/rooms/direct', { userId: school.athlete2.id });
  expect(res.statusCode, res.body).toBe(200);
  const roomId = (res.json().data as { id: number }).id;
  const readerId = school.athlete2.id;
  const reader = await as(app, school.athlete2);
  // One statement, one snapshot: the stored count beside the count it stands for.
  const snapshot = async () => {
    const { rows } = await app.testDatabase.db.execute<{ stored: number; behind: number }>(sql`
      select m.unread_count as stored, (select count(*)::int from ${chatMessages} c where c.room_id = m.room_id
        and c.id > coalesce(m.last_read_message_id, 0) and c.sender_id is distinct from m.user_id) as behind
      from ${chatRoomMembers} m where m.room_id = ${roomId} and m.user_id = ${readerId}`);
    return rows[0] as { stored: number; behind: number };
  };
  const senders = [
    await openSocket(app, url, school.director, sockets),
    await openSocket(app, url, school.director, sockets),
  ];
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let running = true;
  const wrong: { stored: number; behind: number }[] = [];
  const watcher = (async () => {
    while (running) {
      const seen = await snapshot();
      if (seen.stored !== seen.behind) wrong.push(seen);
      // A timer turn between looks: PGlite answers without one, and would starve everything else.
      await after(0);
    }
  })();
  // Sends and reads spread over the same stretch of time, as a busy conversation that its
  // member keeps open would send them; three rounds, since a lost count needs a close call.
  const acks: SocketAck<unknown>[] = [];
  const answers: number[] = [];
  for (let round = 0; round < 3; round++) {
    const sends = senders.flatMap((socket, s) =>
      Array.from({ length: 40 }, async (_, i) => {
        await after(i * 5);
        acks.push(await emitWithAck(socket, SOCKET_EVENTS.chatMessage, { roomId, message: `r${round} ${s}-${i}` }));
      }),
    );
    const reads = Array.from({ length: 50 }, async (_, i) => {
      await after(i * 4);
      answers.push((await reader.post(`/api/chat/rooms/${roomId}/read`)).statusCode);
    });
    await Promise.all([...sends, ...reads]);
  }
  running = false;
  await watcher;
  expect(acks.filter((a) => !a.ok)).toEqual([]);
  expect(answers.filter((code) => code !== 200)).toEqual([]);
  expect(wrong).toEqual([]);
  const final = await snapshot();
  expect(final.stored).toBe(final.behind);
});

it('parallel sport names differing only in case: one sport, the others refused', async () => {
  const superAdmin = await as(app, school.superAdmin);
  const name = `Lacrosse ${Date.now()}`;
  const answers = await Promise.all(
    [name, name.toLowerCase(), name.toUpperCase(), name].map((n) =>
      superAdmin.post('/api/sports', { name: n, icon: 'ball-football' }),
    ),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  const rows = await app.testDatabase.db
    .select()
    .from(sports)
    .where(sql`lower(${sports.name}) = ${name.toLowerCase()}`);
  expect(rows).toHaveLength(1);
});

it('removing a sport while a team is created with it: one of them wins, never a 500', async () => {
  const superAdmin = await as(app, school.superAdmin);
  for (let round = 0; round < 3; round++) {
    const added = await superAdmin.post('/api/sports', {
      name: `Curling ${Date.now()}-${round}`,
      icon: 'ball-football',
    });
    expect(added.statusCode, added.body).toBe(201);
    const sportId = (added.json().data as { id: number }).id;
    const [team, removal] = await Promise.all([
      director.post('/api/teams', {
        name: `Curling ${round}`,
        sportId,
        gender: 'COED',
        season: 'WINTER',
        schoolYear: '2026-27',
      }),
      superAdmin.delete(`/api/sports/${sportId}`),
    ]);
    const outcome = [team.statusCode, removal.statusCode];
    expect([
      [201, 409],
      [400, 200],
    ]).toContainEqual(outcome);
  }
});

/** A date of birth that is 14 years old whenever the test runs. */
const FOURTEEN = `${new Date().getFullYear() - 14}-01-01`;

it('a role and a date of birth changed at once: never a coach under 18', async () => {
  for (let round = 0; round < 5; round++) {
    const athlete = await buildUser(app, {
      role: 'ATHLETE',
      organizationId: school.org.id,
      firstName: `Adult${round}`,
      dateOfBirth: '1990-01-01',
    });
    const answers = await Promise.all([
      director.patch(`/api/user/${athlete.id}`, { role: 'COACH' }),
      director.patch(`/api/user/${athlete.id}`, { dateOfBirth: FOURTEEN }),
    ]);
    // Both 200 on PostgreSQL before the fix: each was checked against the row before the other.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({ id: 'staff_under_18' });
    const [after] = await app.testDatabase.db
      .select({ role: users.role, dateOfBirth: users.dateOfBirth })
      .from(users)
      .where(eq(users.id, athlete.id));
    expect([
      { role: 'COACH', dateOfBirth: '1990-01-01' },
      { role: 'ATHLETE', dateOfBirth: FOURTEEN },
    ]).toContainEqual(after);
  }
});

it('parallel template saves at 49 of 50: one is kept, the others refused as full', async () => {
  const saved = (name: string) => director.post('/api/broadcasts/templates', { name, content: `${name} today.` });
  for (let i = 1; i < BROADCAST_SCHOOL_TEMPLATES_MAX; i++) expect((await saved(`Notice ${i}`)).statusCode).toBe(201);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => saved(`Closure ${i}`)));
  // Several 201s on PostgreSQL before the fix: each counted 49.
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
  expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);
  expect((await director.get('/api/broadcasts/templates')).json().data).toHaveLength(BROADCAST_SCHOOL_TEMPLATES_MAX);
});
