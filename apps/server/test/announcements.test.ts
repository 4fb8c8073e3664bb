/**
 * Announcements that ask for acknowledgement (issue 18 item 4, decision 027): who may post, who is
 * asked (the team room's athletes, guardians and coaches; not administrators overseeing it nor
 * safeguarding second adults; a guardian of two athletes once), "Got it" once and idempotent,
 * tracking and nudges for the sender and staff only, a member's own list, schedule changes that
 * ask the same way, the live counts, and parallel acknowledgements counted right (PostgreSQL too).
 */
import {
  type AckResult,
  type AckTracking,
  type AckUpdate,
  type ChatMessage,
  chatMessageSchema,
  type MyAnnouncements,
  myAnnouncementsSchema,
  type NudgeResult,
  SOCKET_EVENTS,
  type SupervisedMessage,
} from '@fieldhouse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ackRecipients,
  ackRequests,
  auditLog,
  chatRoomMembers,
  coaches,
  guardianLinks,
  notifications,
  teamCoaches,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';

type Client = Awaited<ReturnType<typeof as>>;
type Person = School['coach'];

let app: TestApp;
let url: string;
let school: School;
let other: School;
/** Extra people on Girls Varsity (besides Cora the coach, Zoë and her mother Paula). */
let extra: {
  mia: Person; // Zoë's sister: Paula is guardian of both
  noah: Person;
  grace: Person; // Noah's guardian
  eli: Person; // no active guardian: a second adult must see the room
  sid: Person; // Eli's guardian, suspended
  jo: Person; // a coach of Girls JV only
};
const sockets: Socket[] = [];
const clients = new Map<number, Client>();

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  const db = app.testDatabase.db;
  const person = (role: School['coach']['role'] & string, firstName: string, lastName: string, extraFields = {}) =>
    buildUser(app, { role, firstName, lastName, organizationId: school.org.id, ...extraFields });
  extra = {
    mia: await person('ATHLETE', 'Mia', 'Núñez', { dateOfBirth: '2011-03-02' }),
    noah: await person('ATHLETE', 'Noah', 'Park', { dateOfBirth: '2010-05-20' }),
    grace: await person('PARENT', 'Grace', 'Park'),
    eli: await person('ATHLETE', 'Eli', 'Stone', { dateOfBirth: '2010-01-09' }),
    sid: await person('PARENT', 'Sid', 'Stone', { status: 'SUSPENDED' }),
    jo: await person('COACH', 'Jo', 'Junior'),
  };
  await db.insert(teamMembers).values([
    { teamId: school.varsity.id, userId: extra.mia.id },
    { teamId: school.varsity.id, userId: extra.noah.id },
    { teamId: school.varsity.id, userId: extra.eli.id },
  ]);
  await db.insert(guardianLinks).values([
    { guardianId: school.parent.id, athleteId: extra.mia.id, relationship: 'Mother' },
    { guardianId: extra.grace.id, athleteId: extra.noah.id, relationship: 'Mother' },
    { guardianId: extra.sid.id, athleteId: extra.eli.id, relationship: 'Father' },
  ]);
  const [joCoach] = await db.insert(coaches).values({ userId: extra.jo.id }).returning();
  await db.insert(teamCoaches).values({ coachId: joCoach?.id as number, teamId: school.jv.id, role: 'HEAD' });
  // The administrator opens the team room for oversight before anything is posted.
  const opened = await (await client(school.administrator)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
  expect(opened.statusCode, opened.body).toBe(200);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const db = () => app.testDatabase.db;

async function client(person: { id: number; email: string }) {
  let found = clients.get(person.id);
  if (!found) {
    found = await as(app, person);
    clients.set(person.id, found);
  }
  return found;
}

async function post(sender: Person, content: string, requireAck = true, teamId = school.varsity.id) {
  const res = await (await client(sender)).post(`/api/teams/${teamId}/announcements`, { content, requireAck });
  expect(res.statusCode, res.body).toBe(201);
  return chatMessageSchema.parse(res.json().data);
}

const ack = async (person: Person, messageId: number) =>
  (await client(person)).post(`/api/chat/messages/${messageId}/ack`);
const track = async (person: Person, messageId: number) =>
  (await client(person)).get(`/api/chat/messages/${messageId}/acks`);
const nudge = async (person: Person, messageId: number) =>
  (await client(person)).post(`/api/chat/messages/${messageId}/acks/nudge`);
const mine = async (person: Person, query = '') => (await client(person)).get(`/api/me/announcements${query}`);

async function askedIds(messageId: number) {
  const rows = await db()
    .select({ id: ackRecipients.userId, as: ackRecipients.askedAs })
    .from(ackRecipients)
    .where(eq(ackRecipients.messageId, messageId));
  return new Map(rows.map((r) => [r.id, r.as]));
}

/** Runs `work` with `person` suspended (their token still signs in: the server must refuse). */
async function whileSuspended<T>(person: Person, work: () => Promise<T>) {
  await client(person);
  await db().update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, person.id));
  try {
    return await work();
  } finally {
    await db().update(users).set({ status: 'ACTIVE' }).where(eq(users.id, person.id));
  }
}

/** The team room's member reasons, to show who is there and why. */
async function reasons(roomId: number) {
  const rows = await db()
    .select({ id: chatRoomMembers.userId, reason: chatRoomMembers.reason })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  return new Map(rows.map((r) => [r.id, r.reason]));
}

describe('posting', () => {
  it('the team’s coach and every admin role post; a SUPER_ADMIN of another school too', async () => {
    for (const sender of [
      school.coach,
      school.director,
      school.administrator,
      school.assistant,
      school.superAdmin,
      other.superAdmin,
    ]) {
      const message = await post(sender, `Hello from ${sender.firstName}`, false);
      expect(message.messageType).toBe('ANNOUNCEMENT');
      expect(message.sender.id).toBe(sender.id);
      expect(message.ack).toBeNull();
    }
  });

  it('refuses a coach of another team, athletes, guardians (403), another school (404), the suspended (403)', async () => {
    const payload = { content: 'Not yours to say', requireAck: true };
    const to = `/api/teams/${school.varsity.id}/announcements`;
    for (const [person, status, id] of [
      [extra.jo, 403, 'not_team_staff'],
      [school.athlete, 403, 'not_team_staff'],
      [school.parent, 403, 'not_team_staff'],
      [other.director, 404, 'not_found'],
      [other.coach, 404, 'not_found'],
    ] as const) {
      const res = await (await client(person)).post(to, payload);
      expect(res.statusCode, `${person.firstName}: ${res.body}`).toBe(status);
      expect(res.json().id).toBe(id);
    }
    const suspended = await whileSuspended(school.coach, async () => (await client(school.coach)).post(to, payload));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().id).toBe('account_inactive');
    const missing = await (await client(school.director)).post('/api/teams/999999/announcements', payload);
    expect(missing.statusCode).toBe(404);
    const blank = await (await client(school.director)).post(to, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    const smuggled = await (await client(school.director)).post(to, { ...payload, senderId: school.coach.id });
    expect(smuggled.statusCode).toBe(400);
  });

  it('cannot be sent as a chat message over the socket (it arrives as text)', async () => {
    const rooms = await (await client(school.coach)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const socket = await openSocket(app, url, school.coach, sockets);
    const answer = await emitWithAck<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'Sneaky',
      messageType: 'ANNOUNCEMENT',
    });
    expect(answer.ok && answer.data.messageType).toBe('TEXT');
  });

  it('stores the message, its asks, notifications and the audit entry together', async () => {
    const message = await post(school.director, 'Team photos on Friday at 3:30, wear the home jersey');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.post'), eq(auditLog.entityId, String(message.id))));
    expect(audit?.actorId).toBe(school.director.id);
    expect(audit?.summary).toMatch(/asking \d+ to acknowledge/);
    const noted = await db()
      .select({ userId: notifications.userId, title: notifications.title, actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(eq(notifications.actionUrl, `/messages?roomId=${message.chatRoom.id}&messageId=${message.id}`));
    const notedIds = noted.map((n) => n.userId);
    for (const person of [school.coach, school.athlete, school.parent, extra.grace, school.administrator])
      expect(notedIds, person.firstName).toContain(person.id);
    expect(notedIds).not.toContain(school.director.id);
    expect(noted[0]?.title).toBe('Announcement from Dana Director · Girls Varsity Basketball');
  });
});

describe('who is asked', () => {
  it('the room’s athletes, their guardians (once) and its coaches; not the sender, oversight admins, second adults or the suspended', async () => {
    const message = await post(school.director, 'Practice gear check on Monday');
    const room = await reasons(message.chatRoom.id);
    // The room holds people who are not asked: an administrator overseeing, the director as second adult.
    expect(room.get(school.administrator.id)).toBe('OVERSIGHT');
    expect(room.get(extra.sid.id)).toBe('GUARDIAN');

    const asked = await askedIds(message.id);
    expect(Object.fromEntries(asked)).toEqual({
      [school.coach.id]: 'COACH',
      [school.athlete.id]: 'ATHLETE',
      [extra.mia.id]: 'ATHLETE',
      [extra.noah.id]: 'ATHLETE',
      [extra.eli.id]: 'ATHLETE',
      [school.parent.id]: 'GUARDIAN',
      [extra.grace.id]: 'GUARDIAN',
    });
    expect(message.ack).toEqual({ asked: 7, acknowledged: 0, mine: null });

    // A coach posting: the coach is not asked, and a second adult (the director) is not either.
    const fromCoach = await post(school.coach, 'Bring water bottles');
    expect((await reasons(fromCoach.chatRoom.id)).get(school.director.id)).toBe('OVERSIGHT');
    const coachAsked = await askedIds(fromCoach.id);
    expect(coachAsked.has(school.coach.id)).toBe(false);
    expect(coachAsked.has(school.director.id)).toBe(false);
    expect(coachAsked.size).toBe(6);
  });

  it('a safeguarding second adult in the room is not asked', async () => {
    // A new team whose only athlete is a minor with no guardian: the coach is alone with a
    // child, so the school's athletic director joins as the second adult (decision 018).
    const [team] = await db()
      .insert(teams)
      .values({
        organizationId: school.org.id,
        sportId: school.sport.id,
        name: 'Boys Tennis',
        gender: 'BOYS',
        season: 'SPRING',
        schoolYear: '2026-27',
      })
      .returning();
    const ada = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Ada',
      lastName: 'Alone',
      organizationId: school.org.id,
      dateOfBirth: '2012-02-02',
    });
    const [joCoach] = await db().select().from(coaches).where(eq(coaches.userId, extra.jo.id));
    await db()
      .insert(teamCoaches)
      .values({ coachId: joCoach?.id as number, teamId: team?.id as number, role: 'HEAD' });
    await db()
      .insert(teamMembers)
      .values({ teamId: team?.id as number, userId: ada.id });
    const message = await post(extra.jo, 'First practice Monday', true, team?.id);
    expect((await reasons(message.chatRoom.id)).get(school.director.id)).toBe('SAFEGUARDING');
    expect(Object.fromEntries(await askedIds(message.id))).toEqual({ [ada.id]: 'ATHLETE' });
  });

  it('asks nobody when requireAck is false: no request rows, ack null everywhere', async () => {
    const message = await post(school.director, 'Just so you know', false);
    expect(await askedIds(message.id)).toEqual(new Map());
    const [request] = await db().select().from(ackRequests).where(eq(ackRequests.messageId, message.id));
    expect(request).toBeUndefined();
    const tracked = await track(school.director, message.id);
    expect(tracked.statusCode).toBe(404);
    expect(tracked.json().id).toBe('ack_not_requested');
  });
});

describe('acknowledging', () => {
  it('a person asked says "Got it" once; a repeat keeps the first time', async () => {
    const message = await post(school.director, 'Forms due Thursday');
    const first = await ack(school.parent, message.id);
    expect(first.statusCode, first.body).toBe(200);
    const firstBody = first.json().data as AckResult;
    expect(firstBody).toMatchObject({ messageId: message.id, roomId: message.chatRoom.id, asked: 7, acknowledged: 1 });
    const again = await ack(school.parent, message.id);
    expect(again.json().data).toEqual(firstBody);
    const coach = await ack(school.coach, message.id);
    expect(coach.json().data.acknowledged).toBe(2);
  });

  it('refuses people not asked (403), another school (404), unknown messages (404), the suspended (403)', async () => {
    const message = await post(school.director, 'Uniform return next week');
    for (const [person, status, id] of [
      [school.director, 403, 'not_asked'], // the sender, and the room's second adult
      [school.administrator, 403, 'not_asked'], // overseeing
      [school.athlete2, 403, 'not_asked'], // another team
      [extra.jo, 403, 'not_asked'],
      [other.parent, 404, 'not_found'],
      [other.superAdmin, 403, 'not_asked'],
    ] as const) {
      const res = await ack(person, message.id);
      expect(res.statusCode, `${person.firstName}: ${res.body}`).toBe(status);
      expect(res.json().id).toBe(id);
    }
    expect((await ack(school.parent, 99_999_999)).statusCode).toBe(404);
    const suspended = await whileSuspended(extra.grace, () => ack(extra.grace, message.id));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().id).toBe('account_inactive');
    // An ordinary message asks nobody.
    const socket = await openSocket(app, url, school.coach, sockets);
    const sent = await emitWithAck<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, {
      roomId: message.chatRoom.id,
      message: 'See you there',
    });
    expect(sent.ok).toBe(true);
    if (sent.ok) expect((await ack(school.parent, sent.data.id)).json().id).toBe('not_asked');
  });

  it('someone who left the team no longer counts and cannot answer', async () => {
    const [kid] = [
      await buildUser(app, {
        role: 'ATHLETE',
        firstName: 'Tess',
        lastName: 'Temp',
        organizationId: school.org.id,
        dateOfBirth: '2007-01-01',
      }),
    ];
    const director = await client(school.director);
    const added = await director.post(`/api/teams/${school.varsity.id}/members`, { userId: kid?.id });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const message = await post(school.director, 'Who has my clipboard?');
    expect((await askedIds(message.id)).has(kid?.id as number)).toBe(true);
    const asked = message.ack?.asked as number;
    const removed = await director.delete(`/api/teams/${school.varsity.id}/members/${kid?.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const tracked = (await track(school.director, message.id)).json().data as AckTracking;
    expect(tracked.asked).toBe(asked - 1);
    expect(tracked.people.map((p) => p.id)).not.toContain(kid?.id);
    expect((await ack(kid as Person, message.id)).json().id).toBe('not_asked');
  });
});

describe('tracking', () => {
  it('lists missing first with notes, then those who acknowledged; counts agree with the history', async () => {
    const message = await post(school.coach, 'Bus leaves at 3:15 sharp');
    await ack(extra.grace, message.id);
    await ack(extra.noah, message.id);
    const res = await track(school.coach, message.id);
    expect(res.statusCode, res.body).toBe(200);
    const tracked = res.json().data as AckTracking;
    expect(tracked).toMatchObject({
      messageId: message.id,
      roomId: message.chatRoom.id,
      kind: 'ANNOUNCEMENT',
      team: { id: school.varsity.id, name: school.varsity.name },
      asked: 6,
      acknowledged: 2,
      lastNudgedAt: null,
      nextNudgeAt: null,
    });
    const states = tracked.people.map((p) => [p.firstName, p.note, p.acknowledgedAt !== null]);
    expect(states).toEqual([
      ['Eli', 'Athlete', false],
      ['Mia', 'Athlete', false],
      ['Paula', 'Guardian of Mia Núñez and Zoë Núñez', false],
      ['Zoë', 'Athlete', false],
      ['Grace', 'Guardian of Noah Park', true],
      ['Noah', 'Athlete', true],
    ]);
    // No e-mail or phone in the list: coaches read it too.
    expect(Object.keys(tracked.people[0] ?? {})).not.toContain('email');

    // The history carries the same counts, and each reader's own state.
    const page = async (person: Person) => {
      const history = await (await client(person)).get(`/api/chat/rooms/${message.chatRoom.id}/messages?limit=100`);
      expect(history.statusCode, history.body).toBe(200);
      return (history.json().data.messages as ChatMessage[]).find((m) => m.id === message.id)?.ack;
    };
    expect(await page(school.coach)).toEqual({ asked: 6, acknowledged: 2, mine: null });
    expect(await page(extra.grace)).toEqual({ asked: 6, acknowledged: 2, mine: 'ACKNOWLEDGED' });
    expect(await page(school.parent)).toEqual({ asked: 6, acknowledged: 2, mine: 'PENDING' });
  });

  it('is for the sender, the school’s admin roles and the team’s coaches only', async () => {
    const message = await post(school.director, 'Senior night plans');
    for (const person of [
      school.director,
      school.administrator,
      school.assistant,
      school.superAdmin,
      other.superAdmin,
      school.coach,
    ]) {
      const res = await track(person, message.id);
      expect(res.statusCode, `${person.firstName}: ${res.body}`).toBe(200);
    }
    for (const [person, status] of [
      [school.athlete, 403],
      [school.parent, 403],
      [extra.jo, 403],
      [other.director, 404],
      [other.coach, 404],
    ] as const) {
      const res = await track(person, message.id);
      expect(res.statusCode, person.firstName).toBe(status);
    }
    const suspended = await whileSuspended(school.coach, () => track(school.coach, message.id));
    expect(suspended.statusCode).toBe(403);
    // The coach's own announcement on a team they coach, read by the director: fine; an unknown message 404.
    expect((await track(school.director, 99_999_999)).statusCode).toBe(404);
  });

  it('a coach taken off the team no longer tracks or nudges their own announcement', async () => {
    const cody = await buildUser(app, {
      role: 'COACH',
      firstName: 'Cody',
      lastName: 'Gone',
      organizationId: school.org.id,
    });
    const director = await client(school.director);
    const added = await director.post(`/api/teams/${school.varsity.id}/coaches`, { userId: cody.id });
    expect(added.statusCode, added.body).toBe(201);
    const message = await post(cody, 'Bus leaves at 6');
    expect((await track(cody, message.id)).statusCode).toBe(200);
    const removed = await director.delete(`/api/teams/${school.varsity.id}/coaches/${cody.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    // The list names the team's athletes and families: not for someone who left the team.
    expect((await track(cody, message.id)).statusCode).toBe(403);
    expect((await nudge(cody, message.id)).statusCode).toBe(403);
    expect((await track(school.director, message.id)).statusCode).toBe(200);
  });

  it('supervision shows the counts too', async () => {
    const message = await post(school.director, 'Gym closed Saturday');
    await ack(school.athlete, message.id);
    const res = await (await client(school.director)).get(
      `/api/admin/conversations/${message.chatRoom.id}/messages?reason=${encodeURIComponent('Checking who read the notice')}&limit=500`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const supervised = res.json().data.messages as SupervisedMessage[];
    expect(supervised.find((m) => m.id === message.id)?.ack).toEqual({ asked: 7, acknowledged: 1, mine: null });
  });
});

describe('nudging', () => {
  it('notifies everyone still missing, once per 15 minutes, audited; the readers only', async () => {
    const message = await post(school.director, 'Physicals must be on file by Friday');
    await ack(school.parent, message.id);
    await ack(school.athlete, message.id);
    for (const person of [school.athlete, school.parent, extra.jo]) {
      expect((await nudge(person, message.id)).statusCode, person.firstName).toBe(403);
    }
    expect((await nudge(other.director, message.id)).statusCode).toBe(404);

    const res = await nudge(school.director, message.id);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as NudgeResult;
    expect(result.nudged).toBe(5);
    expect(result.lastNudgedAt).not.toBeNull();
    expect(Date.parse(result.nextNudgeAt as string) - Date.parse(result.lastNudgedAt as string)).toBe(15 * 60_000);
    const link = `/messages?roomId=${message.chatRoom.id}&messageId=${message.id}`;
    const reminded = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.actionUrl, link), eq(notifications.title, 'Please acknowledge this announcement')));
    expect(reminded.map((r) => r.userId).sort((a, b) => a - b)).toEqual(
      [school.coach.id, extra.mia.id, extra.noah.id, extra.grace.id, extra.eli.id].sort((a, b) => a - b),
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.nudge'), eq(auditLog.entityId, String(message.id))));
    expect(audit?.actorId).toBe(school.director.id);

    // Again at once, by anyone: too soon, with when.
    const soon = await nudge(school.coach, message.id);
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({ id: 'nudge_too_soon', message: expect.stringMatching(/in 15 minutes/) });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await track(school.coach, message.id)).json().data.nextNudgeAt).toBe(result.nextNudgeAt);

    // Sixteen minutes later it goes again.
    await db()
      .update(ackRequests)
      .set({ lastNudgedAt: sql`now() - interval '16 minutes'` })
      .where(eq(ackRequests.messageId, message.id));
    const later = await nudge(school.coach, message.id);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.nudged).toBe(5);
  });

  it('parallel nudges: exactly one goes', async () => {
    const message = await post(school.director, 'Fundraiser tickets');
    const answers = await Promise.all(
      [school.director, school.coach, school.administrator, school.director].map((p) => nudge(p, message.id)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('nobody missing: nothing sent, the window not used', async () => {
    const message = await post(school.director, 'Short one', true, school.jv.id);
    // Girls JV: Liam (18+, no guardian needed) and Jo the coach.
    for (const person of [school.athlete2, extra.jo]) expect((await ack(person, message.id)).statusCode).toBe(200);
    const res = await nudge(school.director, message.id);
    expect(res.json().data).toEqual({ nudged: 0, lastNudgedAt: null, nextNudgeAt: null });
  });
});

describe('my announcements', () => {
  it('lists what asks me, newest first, paged on the server, pending or all', async () => {
    const person = extra.grace;
    const before = (await mine(person, '?status=all&limit=50')).json().data as MyAnnouncements;
    const a = await post(school.director, 'First of three');
    const b = await post(school.coach, 'Second of three');
    const c = await post(school.director, 'Third of three');
    const pending = await mine(person);
    expect(pending.statusCode, pending.body).toBe(200);
    const list = myAnnouncementsSchema.parse(pending.json().data);
    expect(list.result.slice(0, 3).map((r) => r.message.id)).toEqual([c.id, b.id, a.id]);
    expect(list.result[0]).toMatchObject({
      kind: 'ANNOUNCEMENT',
      roomId: c.chatRoom.id,
      team: { id: school.varsity.id, name: school.varsity.name },
      state: 'PENDING',
      acknowledgedAt: null,
      message: { content: 'Third of three', ack: { mine: 'PENDING' }, sender: { id: school.director.id } },
    });
    expect(list.pendingCount).toBe(list.paginationInfo.totalCount);

    await ack(person, b.id);
    const after = myAnnouncementsSchema.parse((await mine(person)).json().data);
    expect(after.result.map((r) => r.message.id)).not.toContain(b.id);
    expect(after.pendingCount).toBe(list.pendingCount - 1);
    const all = myAnnouncementsSchema.parse((await mine(person, '?status=all&limit=2&page=1')).json().data);
    expect(all.result.map((r) => r.message.id)).toEqual([c.id, b.id]);
    expect(all.result[1]).toMatchObject({ state: 'ACKNOWLEDGED', message: { ack: { mine: 'ACKNOWLEDGED' } } });
    expect(all.paginationInfo.totalCount).toBe(before.paginationInfo.totalCount + 3);
    const second = myAnnouncementsSchema.parse((await mine(person, '?status=all&limit=2&page=2')).json().data);
    expect(second.result[0]?.message.id).toBe(a.id);
  });

  it('is for members: admins 403, the suspended 403, another school sees none of ours', async () => {
    await post(school.director, 'For Westfield only');
    expect((await mine(school.director)).statusCode).toBe(403);
    expect((await whileSuspended(school.parent, () => mine(school.parent))).statusCode).toBe(403);
    const theirs = (await mine(other.parent, '?status=all')).json().data as MyAnnouncements;
    expect(theirs.result).toEqual([]);
    for (const person of [school.coach, school.athlete, school.parent])
      expect((await mine(person)).statusCode, person.firstName).toBe(200);
  });
});

describe('live', () => {
  it('members hear the card with their own state, and the sender hears each acknowledgement', async () => {
    const rooms = await (await client(school.director)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const [director, parent, coach] = await Promise.all([
      openSocket(app, url, school.director, sockets),
      openSocket(app, url, school.parent, sockets),
      openSocket(app, url, school.coach, sockets),
    ]);
    const heard = Promise.all([
      nextEvent<ChatMessage>(director, SOCKET_EVENTS.chatMessageReceived, 5000),
      nextEvent<ChatMessage>(parent, SOCKET_EVENTS.chatMessageReceived, 5000),
      nextEvent<ChatMessage>(coach, SOCKET_EVENTS.chatMessageReceived, 5000),
    ]);
    const message = await post(school.director, 'Game moved to the main gym');
    const [toDirector, toParent, toCoach] = await heard;
    expect(toDirector.ack).toEqual({ asked: 7, acknowledged: 0, mine: null });
    expect(toParent.ack).toEqual({ asked: 7, acknowledged: 0, mine: 'PENDING' });
    expect(toCoach.ack).toEqual({ asked: 7, acknowledged: 0, mine: 'PENDING' });
    expect(toParent.id).toBe(message.id);

    const update = nextEvent<AckUpdate>(director, SOCKET_EVENTS.ackUpdate, 5000);
    await ack(school.parent, message.id);
    expect(await update).toEqual({ roomId, messageId: message.id, acknowledged: 1, asked: 7 });
    // A repeat changes nothing and says nothing.
    const quiet = nextEvent<AckUpdate>(director, SOCKET_EVENTS.ackUpdate, 500).catch(() => 'quiet');
    await ack(school.parent, message.id);
    expect(await quiet).toBe('quiet');
  });
});

describe('schedule changes ask too', () => {
  const year = new Date().getUTCFullYear() + 1;
  const practice = (teamId: number | null, day: string) => ({
    type: 'PRACTICE',
    title: 'Practice',
    teamId,
    start: `${year}-04-${day}T17:30`,
    end: `${year}-04-${day}T18:30`,
    facility: 'Main Gym',
  });
  const notices = async (roomOf: Person, teamId: number) => {
    const rooms = await (await client(roomOf)).get(`/api/chat/teams/${teamId}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const history = await (await client(roomOf)).get(`/api/chat/rooms/${roomId}/messages?limit=100`);
    return (history.json().data.messages as ChatMessage[]).filter((m) => m.notice);
  };

  it('a new event asks nobody; a move, a cancellation ask the team (not whoever made the change)', async () => {
    const director = await client(school.director);
    const created = await director.post('/api/calendar/events', practice(school.varsity.id, '14'));
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().data.eventId as number;
    expect((await notices(school.director, school.varsity.id)).at(-1)?.ack).toBeNull();

    const moved = await director.patch(`/api/calendar/events/${eventId}`, {
      start: `${year}-04-14T19:00`,
      end: `${year}-04-14T20:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const notice = (await notices(school.director, school.varsity.id)).at(-1) as ChatMessage;
    expect(notice.notice?.kind).toBe('move');
    expect(notice.ack).toEqual({ asked: 7, acknowledged: 0, mine: null });
    const asked = await askedIds(notice.id);
    expect(asked.get(school.coach.id)).toBe('COACH');
    expect(asked.get(school.parent.id)).toBe('GUARDIAN');
    expect(asked.has(school.director.id)).toBe(false);

    // The guardian's list has it as a schedule change; "Got it" works the same.
    const listed = myAnnouncementsSchema.parse((await mine(school.parent)).json().data);
    expect(listed.result.find((r) => r.message.id === notice.id)?.kind).toBe('SCHEDULE_CHANGE');
    expect((await ack(school.parent, notice.id)).json().data.acknowledged).toBe(1);
    const tracked = (await track(school.coach, notice.id)).json().data as AckTracking;
    expect(tracked.kind).toBe('SCHEDULE_CHANGE');

    const cancelled = await director.post(`/api/calendar/events/${eventId}/status`, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const last = (await notices(school.director, school.varsity.id)).at(-1) as ChatMessage;
    expect(last.notice?.kind).toBe('cancel');
    expect(last.ack?.asked).toBe(7);
  });

  it('a school-wide change asks a person on two teams once', async () => {
    await db().insert(teamMembers).values({ teamId: school.jv.id, userId: extra.noah.id });
    const director = await client(school.director);
    const created = await director.post('/api/calendar/events', { ...practice(null, '21'), title: 'Field day' });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().data.eventId as number;
    const moved = await director.patch(`/api/calendar/events/${eventId}`, { facility: 'Stadium' });
    expect(moved.statusCode, moved.body).toBe(200);
    const varsity = (await notices(school.director, school.varsity.id)).at(-1) as ChatMessage;
    const jv = (await notices(school.director, school.jv.id)).at(-1) as ChatMessage;
    const inVarsity = await askedIds(varsity.id);
    const inJv = await askedIds(jv.id);
    for (const id of [extra.noah.id, extra.grace.id]) {
      expect(Number(inVarsity.has(id)) + Number(inJv.has(id)), String(id)).toBe(1);
    }
    expect(inJv.get(school.athlete2.id)).toBe('ATHLETE');
    expect(inJv.get(extra.jo.id)).toBe('COACH');
    await db()
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, school.jv.id), eq(teamMembers.userId, extra.noah.id)));
  });
});

describe('in parallel', () => {
  it('many people at once: each counted once, the counts climb 1..N, the last event says N', async () => {
    const message = await post(school.director, 'Everyone: confirm the new start time');
    const everyone = [school.coach, school.athlete, school.parent, extra.mia, extra.noah, extra.grace, extra.eli];
    await Promise.all(everyone.map((p) => client(p)));
    const answers = await Promise.all(everyone.map((p) => ack(p, message.id)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const counts = answers.map((a) => (a.json().data as AckResult).acknowledged).sort((x, y) => x - y);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const tracked = (await track(school.director, message.id)).json().data as AckTracking;
    expect(tracked).toMatchObject({ asked: 7, acknowledged: 7 });
  });

  it('one person many times at once: one acknowledgement, one time', async () => {
    const message = await post(school.director, 'Double-tap test');
    const answers = await Promise.all(Array.from({ length: 6 }, () => ack(extra.grace, message.id)));
    const times = new Set(answers.map((a) => (a.json().data as AckResult).acknowledgedAt));
    expect(times.size).toBe(1);
    expect(answers.every((a) => a.json().data.acknowledged === 1)).toBe(true);
  });
});
