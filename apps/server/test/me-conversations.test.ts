/**
 * The member app's conversation list and badge (issue 18 item 2): `GET /api/me/conversations`
 * and `GET /api/me/unread` per role, on two schools built from nothing. Who is listed, who each
 * room is with (a guardian reads their child's room with the adult the child talks to), unread
 * counts as messages arrive and are read, the unsent preview skipped, paging and search.
 */
import {
  GUARDIANS_INCLUDED_NOTE,
  type MemberConversation,
  memberConversationSchema,
  memberUnreadSchema,
  pagedResponseSchema,
  SECOND_ADULT_NOTE,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRoomMembers, chatRooms, users } from '../src/db/schema/index.ts';
import type { AppUser } from '../src/modules/auth/authenticate.ts';
import { sendAsMember } from '../src/modules/chat/messages.ts';
import { unsendMessage } from '../src/modules/message-controls/service.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let other: School;
type Person = Awaited<ReturnType<typeof buildUser>>;
/** A second coach of Westfield, who talks to the director only (a room with no message yet). */
let coach2: Person;
/** An unguarded minor coached by `coach3`: their room holds a second adult (the director). */
let coach3: Person;
let lone: Person;
/** Rooms of Westfield: coach ↔ athlete (minor, guardian joins), the varsity team room, director ↔ coach. */
let coachAthlete: number;
let teamRoom: number;
let directorCoach: number;
let directorCoach2: number;
let loneRoom: number;
/** Eastview's coach ↔ athlete room. */
let otherRoom: number;

const paged = pagedResponseSchema(memberConversationSchema);

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  const person = (role: Person['role'], firstName: string, lastName: string, extra = {}) =>
    buildUser(app, { role: role ?? undefined, firstName, lastName, organizationId: school.org.id, ...extra });
  coach2 = await person('COACH', 'Theo', 'Trainer');
  coach3 = await person('COACH', 'Uma', 'Umpire');
  lone = await person('ATHLETE', 'Lena', 'Lone', { dateOfBirth: '2012-02-02' });
  await coachOf(app, coach3, lone);

  coachAthlete = await openDirect(school.coach, school.athlete);
  directorCoach = await openDirect(school.director, school.coach);
  directorCoach2 = await openDirect(school.director, coach2);
  loneRoom = await openDirect(coach3, lone);
  const team = await (await as(app, school.coach)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
  expect(team.statusCode, team.body).toBe(200);
  teamRoom = team.json().data[0].id;
  otherRoom = await openDirect(other.coach, other.athlete);
  await say(other.coach, otherRoom, 'Eastview practice at 4');
});
afterAll(async () => {
  await app.close();
});

async function openDirect(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A message from `sender`, stamped `at` when given (room order follows the newest message). */
async function say(sender: Person, roomId: number, content: string, at?: string) {
  const db = app.testDatabase.db;
  const sent = await sendAsMember(db, sender as AppUser, roomId, { content, messageType: 'TEXT' });
  if (!sent) throw new Error('not a member');
  if (at) {
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(at) })
      .where(eq(chatMessages.id, sent.message.id));
    await db
      .update(chatRooms)
      .set({ lastMessageAt: new Date(at) })
      .where(eq(chatRooms.id, roomId));
  }
  return sent.message;
}

async function conversationsOf(who: { email: string }, query = '&limit=100') {
  const res = await (await as(app, who)).get(`/api/me/conversations?${query.replace(/^&/, '')}`);
  expect(res.statusCode, res.body).toBe(200);
  return paged.parse(res.json()).data;
}
async function unreadOf(who: { email: string }) {
  const res = await (await as(app, who)).get('/api/me/unread');
  expect(res.statusCode, res.body).toBe(200);
  return memberUnreadSchema.parse(res.json().data);
}
const roomIds = (list: { result: MemberConversation[] }) => list.result.map((c) => c.id);
const find = (list: { result: MemberConversation[] }, id: number) => list.result.find((c) => c.id === id);
const markRead = async (who: { email: string }, roomId: number) =>
  expect((await (await as(app, who)).post(`/api/chat/rooms/${roomId}/read`)).statusCode).toBe(200);

describe('GET /api/me/conversations per role', () => {
  it('COACH: their direct rooms and team room, each with who else reads along; no contact details', async () => {
    const list = await conversationsOf(school.coach);
    expect(new Set(roomIds(list))).toEqual(new Set([coachAthlete, teamRoom, directorCoach]));
    expect(find(list, coachAthlete)).toMatchObject({
      kind: 'DIRECT',
      title: 'Zoë Núñez',
      counterpart: { id: school.athlete.id, firstName: 'Zoë', role: 'ATHLETE' },
      team: null,
      viewerReason: 'PARTICIPANT',
      observation: { guardians: true, secondAdult: false, note: GUARDIANS_INCLUDED_NOTE },
      hold: null,
    });
    expect(find(list, teamRoom)).toMatchObject({
      kind: 'TEAM',
      title: school.varsity.name,
      counterpart: null,
      team: { id: school.varsity.id, name: school.varsity.name },
      viewerReason: 'PARTICIPANT',
    });
    expect(find(list, directorCoach)).toMatchObject({
      title: 'Dana Director',
      counterpart: { id: school.director.id },
      observation: { guardians: false, secondAdult: false, note: null },
    });
    expect(JSON.stringify(list)).not.toMatch(/@school\.example/);
  });

  it('ATHLETE: their coach’s direct room and their team room, with their guardian reading along', async () => {
    const list = await conversationsOf(school.athlete);
    expect(new Set(roomIds(list))).toEqual(new Set([coachAthlete, teamRoom]));
    expect(find(list, coachAthlete)).toMatchObject({
      title: 'Cora Coach',
      counterpart: { id: school.coach.id, role: 'COACH' },
      viewerReason: 'PARTICIPANT',
      observation: { guardians: true, note: GUARDIANS_INCLUDED_NOTE },
    });
  });

  it('PARENT: their child’s conversation with the coach, as a guardian, titled with the adult the child talks to', async () => {
    const list = await conversationsOf(school.parent);
    expect(roomIds(list)).toContain(coachAthlete);
    expect(find(list, coachAthlete)).toMatchObject({
      kind: 'DIRECT',
      title: 'Cora Coach',
      counterpart: { id: school.coach.id, firstName: 'Cora', role: 'COACH' },
      viewerReason: 'GUARDIAN',
      observation: { guardians: true, note: GUARDIANS_INCLUDED_NOTE },
    });
    expect(roomIds(list)).not.toContain(directorCoach);
  });

  it('an unguarded minor’s room holds a second adult; the director sees it as such, with both names', async () => {
    const coachList = await conversationsOf(coach3);
    expect(find(coachList, loneRoom)).toMatchObject({
      counterpart: { id: lone.id },
      observation: { guardians: false, secondAdult: true, note: SECOND_ADULT_NOTE },
    });
    const directorList = await conversationsOf(school.director);
    expect(find(directorList, loneRoom)).toMatchObject({
      viewerReason: 'SAFEGUARDING',
      title: 'Uma Umpire and Lena Lone',
      counterpart: { id: coach3.id },
    });
  });

  it('an admin role lists only the rooms they are in, with any safeguarding hold', async () => {
    const list = await conversationsOf(school.director);
    expect(new Set(roomIds(list))).toEqual(new Set([directorCoach, directorCoach2, loneRoom]));
    expect(roomIds(await conversationsOf(school.administrator))).toEqual([]);

    const db = app.testDatabase.db;
    const reason = 'Safeguarding: messages are paused in this test.';
    await db.update(chatRooms).set({ safeguardingHold: reason }).where(eq(chatRooms.id, directorCoach2));
    try {
      expect(find(await conversationsOf(school.director), directorCoach2)?.hold).toBe(reason);
    } finally {
      await db.update(chatRooms).set({ safeguardingHold: null }).where(eq(chatRooms.id, directorCoach2));
    }
  });

  it('refuses a suspended account on both endpoints', async () => {
    const sid = await buildUser(app, { role: 'ATHLETE', organizationId: school.org.id });
    const session = await as(app, sid);
    expect((await session.get('/api/me/unread')).statusCode).toBe(200);
    await app.testDatabase.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, sid.id));
    expect([401, 403]).toContain((await session.get('/api/me/conversations')).statusCode);
    expect([401, 403]).toContain((await session.get('/api/me/unread')).statusCode);
  });

  it('needs a signed-in person', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/me/conversations' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/me/unread' })).statusCode).toBe(401);
  });
});

describe('another school', () => {
  it('lists none of another school’s rooms, even a membership that should not exist', async () => {
    expect(roomIds(await conversationsOf(other.coach))).toEqual([otherRoom]);
    expect(roomIds(await conversationsOf(school.coach))).not.toContain(otherRoom);
    // A stray membership in Eastview's room (no path makes one) is neither listed nor counted.
    const db = app.testDatabase.db;
    const before = await unreadOf(coach2);
    await db.insert(chatRoomMembers).values({ roomId: otherRoom, userId: coach2.id, unreadCount: 5 });
    try {
      expect(roomIds(await conversationsOf(coach2))).not.toContain(otherRoom);
      expect(await unreadOf(coach2)).toEqual(before);
    } finally {
      await db
        .delete(chatRoomMembers)
        .where(and(eq(chatRoomMembers.roomId, otherRoom), eq(chatRoomMembers.userId, coach2.id)));
    }
  });
});

describe('unread counts', () => {
  it('move when messages arrive and after a read, for the participant and the guardian; muted rooms count', async () => {
    await markRead(school.athlete, coachAthlete);
    await markRead(school.parent, coachAthlete);
    const athleteBefore = await unreadOf(school.athlete);
    const parentBefore = await unreadOf(school.parent);
    expect(find(await conversationsOf(school.athlete), coachAthlete)?.unread).toBe(0);

    await say(school.coach, coachAthlete, 'Bring your jersey');
    await say(school.coach, coachAthlete, 'And your water bottle');
    expect(find(await conversationsOf(school.athlete), coachAthlete)?.unread).toBe(2);
    expect(find(await conversationsOf(school.parent), coachAthlete)?.unread).toBe(2);
    expect(find(await conversationsOf(school.coach), coachAthlete)?.unread).toBe(0);
    expect(await unreadOf(school.athlete)).toEqual({
      rooms: athleteBefore.rooms + 1,
      messages: athleteBefore.messages + 2,
    });
    expect(await unreadOf(school.parent)).toEqual({
      rooms: parentBefore.rooms + 1,
      messages: parentBefore.messages + 2,
    });

    // Muted: the count still moves (as in the admin app's list and badge), and the list says muted.
    const mute = await (await as(app, school.athlete)).put(`/api/chat/rooms/${coachAthlete}/mute`, {
      muted: true,
      until: null,
    });
    expect(mute.statusCode, mute.body).toBe(200);
    await say(school.coach, coachAthlete, 'Bus leaves at 3');
    expect(find(await conversationsOf(school.athlete), coachAthlete)).toMatchObject({ unread: 3, muted: true });
    expect((await unreadOf(school.athlete)).messages).toBe(athleteBefore.messages + 3);

    await markRead(school.athlete, coachAthlete);
    expect(find(await conversationsOf(school.athlete), coachAthlete)?.unread).toBe(0);
    expect(await unreadOf(school.athlete)).toEqual(athleteBefore);
    // The guardian's own count is theirs: reading as the athlete does not read it for them.
    expect(find(await conversationsOf(school.parent), coachAthlete)?.unread).toBe(3);
    await markRead(school.parent, coachAthlete);
    expect(await unreadOf(school.parent)).toEqual(parentBefore);
  });

  it('counts every kind of room: a team message reaches the athlete’s badge', async () => {
    await markRead(school.athlete, teamRoom);
    const before = await unreadOf(school.athlete);
    await say(school.coach, teamRoom, 'Team dinner Friday');
    expect(await unreadOf(school.athlete)).toEqual({ rooms: before.rooms + 1, messages: before.messages + 1 });
    expect(find(await conversationsOf(school.athlete), teamRoom)).toMatchObject({
      unread: 1,
      lastMessage: { content: 'Team dinner Friday', sender: { id: school.coach.id, firstName: 'Cora' } },
    });
  });
});

describe('last message and order', () => {
  it('newest message first, rooms with none last; the preview skips unsent messages', async () => {
    const newest = await say(school.director, directorCoach, 'See you at the booster meeting', '2030-01-02T10:00:00Z');
    const taken = await say(school.director, directorCoach, 'Wrong room, sorry', '2030-01-02T10:05:00Z');
    let list = await conversationsOf(school.director);
    expect(roomIds(list)[0]).toBe(directorCoach);
    expect(find(list, directorCoach)?.lastMessage).toMatchObject({ id: taken.id, content: 'Wrong room, sorry' });
    // directorCoach2 has no message: it comes last.
    expect(roomIds(list).at(-1)).toBe(directorCoach2);
    expect(find(list, directorCoach2)).toMatchObject({ lastMessage: null, lastMessageAt: null });

    await unsendMessage(app.testDatabase.db, school.director as AppUser, taken.id);
    list = await conversationsOf(school.director);
    expect(find(list, directorCoach)).toMatchObject({
      lastMessage: { id: newest.id, content: 'See you at the booster meeting', unsent: false },
      lastMessageAt: '2030-01-02T10:05:00.000Z',
    });
    expect(JSON.stringify(list)).not.toContain('Wrong room');

    // Every message unsent: no preview, though the room keeps its place.
    await unsendMessage(app.testDatabase.db, school.director as AppUser, newest.id);
    expect(find(await conversationsOf(school.director), directorCoach)).toMatchObject({
      lastMessage: null,
      lastMessageAt: '2030-01-02T10:05:00.000Z',
    });
  });
});

describe('paging, search and bad queries', () => {
  it('pages on the server with the shape of the other paged lists', async () => {
    const all = await conversationsOf(school.coach);
    expect(all.paginationInfo).toMatchObject({ totalCount: 3, currentPage: 1, pageCount: 1 });
    const first = await conversationsOf(school.coach, '&limit=2&page=1');
    const second = (await (await as(app, school.coach)).get('/api/me/conversations?limit=2&page=2')).json().data;
    expect(first.result).toHaveLength(2);
    expect(first.paginationInfo).toMatchObject({ totalCount: 3, pageCount: 2, nextPage: 2, isLastPage: false });
    expect(second.result).toHaveLength(1);
    expect(second.paginationInfo).toMatchObject({ totalCount: 3, currentPage: 2, isLastPage: true });
    expect([...roomIds(first), ...roomIds(second as { result: MemberConversation[] })]).toEqual(roomIds(all));
    // Past the end: no rows, the total still right.
    const beyond = (await (await as(app, school.coach)).get('/api/me/conversations?limit=2&page=9')).json().data;
    expect(beyond.result).toEqual([]);
    expect(beyond.paginationInfo.totalCount).toBe(3);
  });

  it('search and q filter by title: a person’s name (accents optional), a team’s name; never by e-mail', async () => {
    expect(roomIds(await conversationsOf(school.coach, '&q=zoe'))).toEqual([coachAthlete]);
    expect(roomIds(await conversationsOf(school.coach, '&search=N%C3%BA%C3%B1ez'))).toEqual([coachAthlete]);
    expect(roomIds(await conversationsOf(school.coach, '&q=varsity'))).toEqual([teamRoom]);
    expect(roomIds(await conversationsOf(school.coach, '&q=dana'))).toEqual([directorCoach]);
    expect(roomIds(await conversationsOf(school.coach, '&q=school.example'))).toEqual([]);
    // The caller's own name matches nothing: a direct room is titled by the other person.
    expect(roomIds(await conversationsOf(school.coach, '&q=cora'))).toEqual([]);
    // A guardian finds their child's room by the coach's name.
    expect(roomIds(await conversationsOf(school.parent, '&q=cora'))).toEqual([coachAthlete]);
    // LIKE wildcards are literal.
    expect(roomIds(await conversationsOf(school.coach, '&q=%25'))).toEqual([]);
  });

  it('bad query values fall back to the defaults, never a 500', async () => {
    const session = await as(app, school.coach);
    for (const query of ['page=-1', 'page=abc', 'limit=0', 'limit=abc', 'limit=100000', 'page=1.5&limit=-3', 'q=']) {
      const res = await session.get(`/api/me/conversations?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(paged.parse(res.json()).data.result.length).toBeGreaterThan(0);
    }
    const long = await session.get(`/api/me/conversations?q=${'x'.repeat(500)}`);
    expect(long.statusCode, long.body).toBe(200);
  });
});
