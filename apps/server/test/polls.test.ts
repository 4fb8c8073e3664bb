import { type ChatMessage, type Poll, type PollCreate, type PollUpdate, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatPolls, chatRoomMembers, users } from '../src/db/schema/index.ts';
import { createPoll as storePoll } from '../src/modules/chat/polls.ts';
import { accessibleRoom } from '../src/modules/chat/rooms.ts';
import { DEMO_ADMIN, DEMO_COACH_EMAIL, seedDemo } from '../src/seed/demo.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/db.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { emitWithAck as emit, nextEvent as next, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

/** The varsity team room: coach Cora, athlete Zoë and her guardian; the director joins as an admin. */
async function varsityRoom() {
  const res = await (await as(app, school.director)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { id: number; uuid: string };
}

async function createPoll(socket: Socket, roomId: number, extra: Partial<PollCreate> = {}) {
  const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.pollCreate, {
    roomId,
    question: 'Which day for the team dinner?',
    options: ['Friday', 'Saturday', 'Sunday'],
    ...extra,
  });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage & { poll: Poll } }).data;
}

const optionIds = (poll: Poll) => poll.options.map((o) => o.id);
const tally = (poll: Poll) => poll.options.map((o) => [o.text, o.votes, o.voterIds]);

describe('creating a poll', () => {
  it('acks a POLL message with its options and delivers it like any message', async () => {
    const room = await varsityRoom();
    const coach = await socketFor(school.coach);
    const athlete = await socketFor(school.athlete);
    const received = next<ChatMessage>(athlete, SOCKET_EVENTS.chatMessageReceived);
    const tabUpdate = next<{ roomId: number }>(athlete, SOCKET_EVENTS.tabUnreadCountUpdate);
    const message = await createPoll(coach, room.id, { multipleChoice: true });
    expect(message).toMatchObject({
      content: 'Which day for the team dinner?',
      messageType: 'POLL',
      sender: { id: school.coach.id },
      chatRoom: { id: room.id, uuid: room.uuid },
      poll: { question: 'Which day for the team dinner?', multipleChoice: true, closesAt: null },
    });
    expect(tally(message.poll)).toEqual([
      ['Friday', 0, []],
      ['Saturday', 0, []],
      ['Sunday', 0, []],
    ]);
    expect(await received).toEqual(message);
    expect(await tabUpdate).toEqual({ roomId: room.id });
  });

  it('stores a resent poll once', async () => {
    const room = await directRoom(school.director, school.assistant);
    const director = await socketFor(school.director);
    const clientId = crypto.randomUUID();
    const first = await createPoll(director, room.id, { clientId });
    const again = await createPoll(director, room.id, { clientId });
    expect(again).toEqual(first);
    const stored = await app.testDatabase.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatPolls)
      .innerJoin(chatMessages, eq(chatMessages.id, chatPolls.messageId))
      .where(eq(chatMessages.clientId, clientId));
    expect(stored[0]?.n).toBe(1);
  });

  it('answers bad payloads with an error ack and keeps the socket usable', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    for (const [payload, message] of [
      ['garbage', /^Invalid payload/],
      [{ roomId: room.id, question: 'One option?', options: ['Only'] }, /Give at least two options/],
      [{ roomId: room.id, question: '   ', options: ['A', 'B'] }, /Ask a question/],
      [{ roomId: room.id, question: 'Same twice?', options: ['Yes', 'yes'] }, /each option may appear once/],
      [
        { roomId: room.id, question: 'Already over?', options: ['A', 'B'], closesAt: '2020-01-01T00:00:00Z' },
        /must close in the future/,
      ],
    ] as const) {
      expect(await emit(director, SOCKET_EVENTS.pollCreate, payload), JSON.stringify(payload)).toMatchObject({
        ok: false,
        error: { statusCode: 400, message: expect.stringMatching(message) },
      });
    }
    expect(await emit(director, SOCKET_EVENTS.pollVote, { pollId: 'x', optionIds: [] })).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
    expect(director.connected).toBe(true);
    await createPoll(director, room.id);
  });

  it('refuses a room the sender is not in', async () => {
    const room = await varsityRoom();
    const outsider = await socketFor(school.athlete2);
    expect(
      await emit(outsider, SOCKET_EVENTS.pollCreate, { roomId: room.id, question: 'Hi?', options: ['A', 'B'] }),
    ).toMatchObject({ ok: false, error: { statusCode: 403 } });
    expect(
      await emit(outsider, SOCKET_EVENTS.pollCreate, { roomId: 999_999, question: 'Hi?', options: ['A', 'B'] }),
    ).toMatchObject({ ok: false, error: { statusCode: 404 } });
  });

  it('refuses a sender removed after the room was checked (it was stored for a non-member before the fix)', async () => {
    const colleague = await buildUser(app, { role: 'ATHLETIC_ADMINISTRATOR', organizationId: school.org.id });
    const { id: roomId } = await directRoom(school.director, colleague);
    const db = app.testDatabase.db;
    const [sender] = await db.select().from(users).where(eq(users.id, school.director.id));
    if (!sender) throw new Error('no director');
    // The handler's membership check passes; the removal commits before the poll is stored.
    const room = await accessibleRoom(db, sender, roomId);
    await db
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, sender.id)));
    await expect(
      storePoll(db, sender, room, { question: 'Still here?', options: ['Yes', 'No'], multipleChoice: false }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const polls = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.messageType, 'POLL')));
    expect(polls).toEqual([]);
  });
});

describe('voting', () => {
  it('tallies votes, tells every member, and replaces or withdraws a re-vote', async () => {
    const room = await varsityRoom();
    const coach = await socketFor(school.coach);
    const athlete = await socketFor(school.athlete);
    const { id: messageId, poll } = await createPoll(coach, room.id);
    const [friday, saturday] = optionIds(poll) as [number, number, number];

    const heard = next<PollUpdate>(coach, SOCKET_EVENTS.pollUpdate);
    const ack = await emit<Poll>(athlete, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [friday] });
    expect(ack.ok).toBe(true);
    const voted = (ack as { data: Poll }).data;
    expect(tally(voted)).toEqual([
      ['Friday', 1, [school.athlete.id]],
      ['Saturday', 0, []],
      ['Sunday', 0, []],
    ]);
    expect(await heard).toEqual({ roomId: room.id, messageId, poll: voted });

    await emit(coach, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [friday] });
    const changed = next<PollUpdate>(coach, SOCKET_EVENTS.pollUpdate);
    await emit(athlete, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [saturday] });
    expect(tally((await changed).poll)).toEqual([
      ['Friday', 1, [school.coach.id]],
      ['Saturday', 1, [school.athlete.id]],
      ['Sunday', 0, []],
    ]);

    const withdrawn = await emit<Poll>(athlete, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [] });
    expect(tally((withdrawn as { data: Poll }).data)).toEqual([
      ['Friday', 1, [school.coach.id]],
      ['Saturday', 0, []],
      ['Sunday', 0, []],
    ]);
  });

  it('takes several options only on a multiple-choice poll', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const single = await createPoll(director, room.id);
    const multiple = await createPoll(director, room.id, { multipleChoice: true });
    expect(
      await emit(director, SOCKET_EVENTS.pollVote, {
        pollId: single.poll.id,
        optionIds: optionIds(single.poll).slice(0, 2),
      }),
    ).toMatchObject({ ok: false, error: { statusCode: 400 } });
    const both = await emit<Poll>(director, SOCKET_EVENTS.pollVote, {
      pollId: multiple.poll.id,
      optionIds: optionIds(multiple.poll).slice(0, 2),
    });
    expect(tally((both as { data: Poll }).data).map(([, votes]) => votes)).toEqual([1, 1, 0]);
  });

  it('refuses an option of another poll', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const one = await createPoll(director, room.id);
    const other = await createPoll(director, room.id);
    expect(
      await emit(director, SOCKET_EVENTS.pollVote, { pollId: one.poll.id, optionIds: [other.poll.options[0]?.id] }),
    ).toMatchObject({ ok: false, error: { statusCode: 400 } });
  });

  it('refuses people outside the room and polls that do not exist', async () => {
    const room = await varsityRoom();
    const coach = await socketFor(school.coach);
    const outsider = await socketFor(school.athlete2);
    const { poll } = await createPoll(coach, room.id);
    expect(
      await emit(outsider, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [poll.options[0]?.id] }),
    ).toMatchObject({ ok: false, error: { statusCode: 403 } });
    expect(await emit(coach, SOCKET_EVENTS.pollVote, { pollId: 999_999, optionIds: [] })).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
  });

  it('an administrator’s vote that makes a second adult unneeded lets them go at once', async () => {
    // A team of one coach and a minor no guardian can see: the director joins as the second adult.
    const minor = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Uma',
      lastName: 'Unguarded',
      organizationId: school.org.id,
      dateOfBirth: '2012-05-05',
    });
    const team = await coachOf(app, school.coach, minor);
    const opened = await (await as(app, school.coach)).get(`/api/chat/teams/${team.id}/rooms`);
    const roomId = opened.json().data[0].id as number;
    const members = async () =>
      Object.fromEntries(
        (
          await app.testDatabase.db
            .select({ id: chatRoomMembers.userId, reason: chatRoomMembers.reason })
            .from(chatRoomMembers)
            .where(eq(chatRoomMembers.roomId, roomId))
        ).map((m) => [m.id, m.reason]),
      );
    expect((await members())[school.director.id]).toBe('SAFEGUARDING');
    const coach = await socketFor(school.coach);
    const director = await socketFor(school.director);
    const { poll } = await createPoll(coach, roomId);
    const ada = await buildUser(app, {
      role: 'ATHLETIC_ADMINISTRATOR',
      firstName: 'Ada',
      lastName: 'Voter',
      organizationId: school.org.id,
    });
    const admin = await socketFor(ada);
    const letGo = next<{ roomId: number; removed?: boolean }>(director, SOCKET_EVENTS.roomUpdate);
    expect(
      await emit(admin, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [poll.options[0]?.id] }),
    ).toMatchObject({ ok: true });
    // The administrator oversees it now; the director, no longer needed, hears it and leaves.
    expect(await members()).toMatchObject({ [ada.id]: 'OVERSIGHT' });
    expect((await members())[school.director.id]).toBeUndefined();
    expect(await letGo).toEqual({ roomId, removed: true });
  });

  it('refuses votes once the poll has closed', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const { poll } = await createPoll(director, room.id, { closesAt: new Date(Date.now() + 60_000).toISOString() });
    const first = poll.options[0]?.id as number;
    expect((await emit(director, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [first] })).ok).toBe(true);
    await app.testDatabase.db
      .update(chatPolls)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(chatPolls.id, poll.id));
    expect(await emit(director, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [] })).toEqual({
      ok: false,
      error: { statusCode: 409, message: 'This poll is closed', id: 'poll_closed' },
    });
  });
});

describe('presenting polls', () => {
  it('returns polls with their tallies in history and POLL in the room list', async () => {
    const room = await directRoom(school.parent, school.coach);
    const coach = await socketFor(school.coach);
    const parent = await socketFor(school.parent);
    await emit(coach, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Quick question for you' });
    const { poll } = await createPoll(coach, room.id, { question: 'Can you drive on Friday?', options: ['Yes', 'No'] });
    await emit(parent, SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: [poll.options[0]?.id] });

    const api = await as(app, school.parent);
    const history = (await api.get(`/api/chat/rooms/${room.id}/messages`)).json().data.messages as ChatMessage[];
    expect(history.map((m) => [m.messageType, m.poll === null])).toEqual([
      ['TEXT', true],
      ['POLL', false],
    ]);
    expect(tally(history[1]?.poll as Poll)).toEqual([
      ['Yes', 1, [school.parent.id]],
      ['No', 0, []],
    ]);

    const list = (await api.get('/api/chat/rooms?tab=COACHES')).json().data.result;
    expect(list.find((r: { chatId: number }) => r.chatId === room.id)?.lastMessage).toMatchObject({
      messageType: 'POLL',
      content: 'Can you drive on Friday?',
    });
  });
});

describe('demo seed', () => {
  it('has a poll between the demo coach and the demo admin', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemo(database.db);
      const { rows } = await database.db.execute<{ question: string; members: string[] }>(sql`
        select p.question, array(
          select u.email from chat_room_members m join ${users} u on u.id = m.user_id
          where m.room_id = cm.room_id order by u.email) as members
        from ${chatPolls} p join ${chatMessages} cm on cm.id = p.message_id`);
      expect(rows).toEqual([
        {
          question: 'Which evening works for the preseason meeting?',
          members: [DEMO_ADMIN.email, DEMO_COACH_EMAIL].sort(),
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
