/**
 * Group commit (issue 20): sends that arrive together are stored by one statement, and each
 * still gets its own outcome: the counters move as if the messages had gone one by one, a refusal
 * or a fault stays with its own send.
 */
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../src/db/schema/index.ts';
import { createSendBatcher, SEND_BATCH_MAX, sendBatcher } from '../src/modules/chat/send-batcher.ts';
import { type StoreInput, storeMessages } from '../src/modules/chat/store-messages.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { buildSchool, type School } from './helpers/directory.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let db: Db;
let url: string;
let school: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  db = app.testDatabase.db;
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

/** A group room of the school's adults (no minor, so the safeguarding policy leaves it be). */
async function adultRoom(name: string) {
  const [room] = await db
    .insert(chatRooms)
    .values({ organizationId: school.org.id, kind: 'GROUP', name })
    .returning({ id: chatRooms.id });
  const roomId = room?.id as number;
  const members = [school.director, school.administrator, school.assistant, school.coach];
  await db.insert(chatRoomMembers).values(members.map((m) => ({ roomId, userId: m.id })));
  return roomId;
}

const input = (roomId: number, senderId: number, extra: Partial<StoreInput> = {}): StoreInput => ({
  roomId,
  senderId,
  clientId: null,
  content: 'hello',
  messageType: 'TEXT',
  replyToId: null,
  memberOnly: true,
  ...extra,
});

it('three members sending at once: fewer statements than sends, every ack after its commit, counters exact', async () => {
  const roomId = await adultRoom('Staff');
  const senders = [school.director, school.administrator, school.coach];
  const open = await Promise.all(senders.map((s) => openSocket(app, url, s, sockets)));
  const before = sendBatcher(db).stats();
  const perSender = 25;
  const acks = await Promise.all(
    open.flatMap((socket, s) =>
      Array.from({ length: perSender }, (_, i) =>
        emitWithAck<{ id: number; content: string }>(socket, SOCKET_EVENTS.chatMessage, {
          roomId,
          message: `${s}:${i}`,
        }),
      ),
    ),
  );
  expect(acks.filter((a) => !a.ok)).toEqual([]);
  const after = sendBatcher(db).stats();
  expect(after.sends - before.sends).toBe(senders.length * perSender);
  // Grouping happened: the sends shared statements.
  expect(after.statements - before.statements).toBeLessThan(senders.length * perSender);

  // Every ack names a stored row (it was acked after its commit), and each sender's messages
  // were stored in the order they were sent.
  const stored = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(asc(chatMessages.id));
  expect(stored).toHaveLength(senders.length * perSender);
  for (const ack of acks) expect(stored.some((m) => ack.ok && m.id === ack.data.id)).toBe(true);
  for (const [s, sender] of senders.entries()) {
    const own = stored.filter((m) => m.senderId === sender.id).map((m) => m.content);
    expect(own).toEqual(Array.from({ length: perSender }, (_, i) => `${s}:${i}`));
  }
  // Each member: read up to their own last message, unread = the others' messages after it.
  const members = await db.select().from(chatRoomMembers).where(eq(chatRoomMembers.roomId, roomId));
  for (const member of members) {
    const lastOwn = stored.filter((m) => m.senderId === member.userId).at(-1)?.id ?? null;
    expect(member.lastReadMessageId).toBe(lastOwn);
    const behind = stored.filter((m) => m.id > (lastOwn ?? 0) && m.senderId !== member.userId).length;
    expect(member.unreadCount, `user ${member.userId}`).toBe(behind);
  }
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  expect(room?.lastMessageAt?.getTime()).toBe(stored.at(-1)?.createdAt.getTime());
});

it('one statement, many outcomes: a stored send, a non-member, a held room, a foreign reply and a resend each get their own', async () => {
  const open = await adultRoom('Open');
  const held = await adultRoom('Held');
  await db.update(chatRooms).set({ safeguardingHold: 'Held for a second adult' }).where(eq(chatRooms.id, held));
  const [foreign] = await db
    .insert(chatMessages)
    .values({ roomId: held, senderId: school.director.id, content: 'in the held room' })
    .returning();
  const clientId = crypto.randomUUID();
  const outcomes = await storeMessages(db, [
    input(open, school.director.id, { clientId, content: 'first' }),
    input(open, school.athlete.id),
    input(held, school.director.id),
    input(open, school.coach.id, { replyToId: foreign?.id as number }),
    input(open, school.director.id, { clientId, content: 'first, resent' }),
    input(open, school.athlete.id, { memberOnly: false }),
    input(2_000_000_000, school.director.id),
  ]);
  const [stored, nonMember, inHeld, badReply, resent, administered, noRoom] = outcomes;
  expect(stored?.message?.content).toBe('first');
  expect(stored?.memberIds.sort()).toEqual(
    [school.director.id, school.administrator.id, school.assistant.id, school.coach.id].sort(),
  );
  expect(nonMember?.roomUuid).toBeNull();
  expect(inHeld).toMatchObject({ message: null, hold: 'Held for a second adult' });
  expect(badReply).toMatchObject({ message: null, replyOk: false });
  // The resend in the same statement stores nothing; the caller finds the first by its client id.
  expect(resent?.message).toBeNull();
  expect(resent?.roomUuid).not.toBeNull();
  // `memberOnly: false` (an administrator's send goes through accessibleRoom first) is not checked here.
  expect(administered?.message?.senderId).toBe(school.athlete.id);
  expect(noRoom?.roomUuid).toBeNull();
  const [director] = await db
    .select()
    .from(chatRoomMembers)
    .where(sql`${chatRoomMembers.roomId} = ${open} and ${chatRoomMembers.userId} = ${school.director.id}`);
  // The director's own message read, then one from a non-member (stored as administered) after it.
  expect(director?.lastReadMessageId).toBe(stored?.message?.id);
  expect(director?.unreadCount).toBe(1);
});

it('a send that fails its statement fails alone: the others that travelled with it are stored', async () => {
  const roomId = await adultRoom('Faults');
  // One room: the first send goes alone, the rest arrive while it is in flight and go together.
  const batcher = createSendBatcher(db);
  const results = await Promise.allSettled([
    batcher.store(input(roomId, school.director.id, { content: 'alone' })),
    batcher.store(input(roomId, school.coach.id, { content: 'together 1' })),
    // PostgreSQL text cannot hold a NUL character: this one's statement fails.
    batcher.store(input(roomId, school.coach.id, { content: 'bad \u0000 byte' })),
    batcher.store(input(roomId, school.administrator.id, { content: 'together 2' })),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  const stored = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(asc(chatMessages.id));
  expect(stored.map((m) => m.content)).toEqual(['alone', 'together 1', 'together 2']);
  // The batch of three failed once, then each went alone: 1 + 1 + 3 statements.
  expect(batcher.stats()).toMatchObject({ statements: 5, sends: 7 });
});

it('a backlog over many rooms: each room keeps its order, no statement carries more than a batch', async () => {
  const rooms = await Promise.all(Array.from({ length: 12 }, (_, r) => adultRoom(`Backlog ${r}`)));
  const batcher = createSendBatcher(db);
  const perRoom = 20;
  // Interleaved as a busy node receives them: every room's i-th send, then every room's i+1-th.
  const sent = Array.from({ length: perRoom }, (_, i) => rooms.map((roomId) => ({ roomId, i }))).flat();
  const outcomes = await Promise.all(
    sent.map(({ roomId, i }) => batcher.store(input(roomId, school.coach.id, { content: `${roomId}:${i}` }))),
  );
  expect(outcomes.every((o) => o.message !== null)).toBe(true);
  const { statements, sends, largest } = batcher.stats();
  expect(sends).toBe(sent.length);
  expect(largest).toBeLessThanOrEqual(SEND_BATCH_MAX);
  // Grouped: the backlog went in far fewer statements than sends.
  expect(largest).toBeGreaterThan(1);
  expect(statements).toBeLessThan(sent.length);
  for (const roomId of rooms) {
    const stored = await db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, roomId))
      .orderBy(asc(chatMessages.id));
    expect(stored.map((m) => m.content)).toEqual(Array.from({ length: perRoom }, (_, i) => `${roomId}:${i}`));
  }
});

// PGlite is one connection: a transaction left open there holds up every query, not one room.
it.skipIf(process.env.TEST_DB_KIND !== 'postgres')(
  'a room whose lock someone holds delays its own sends, not the other rooms’',
  async () => {
    const stuck = await adultRoom('Stuck');
    const free = await adultRoom('Free');
    let release = () => {};
    const holding = db.transaction(async (tx) => {
      await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, stuck)).for('update');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const batcher = createSendBatcher(db);
    const waiting = batcher.store(input(stuck, school.director.id, { content: 'waits' }));
    let waited = false;
    void waiting.then(() => {
      waited = true;
    });
    // Another send to the stuck room waits behind the first; the free room's go through.
    const second = batcher.store(input(stuck, school.coach.id, { content: 'waits too' }));
    const others = await Promise.all([
      batcher.store(input(free, school.coach.id, { content: 'free 1' })),
      batcher.store(input(free, school.administrator.id, { content: 'free 2' })),
    ]);
    expect(others.map((o) => o.message?.content)).toEqual(['free 1', 'free 2']);
    expect(waited).toBe(false);
    release();
    await holding;
    const [first, then] = [await waiting, await second];
    expect(first.message?.content).toBe('waits');
    // Stored in the order they came.
    expect(then.message?.id).toBeGreaterThan(first.message?.id as number);
  },
);
