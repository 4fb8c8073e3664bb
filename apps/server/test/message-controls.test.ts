/** Edit and unsend (decision 023) over real sockets: who may, for how long, who hears, and what supervision keeps. */
import {
  type ChatMessage,
  MESSAGE_EDIT_WINDOW_MINUTES,
  SOCKET_EVENTS,
  type SocketAck,
  type SupervisedMessage,
} from '@fieldhouse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  chatMessages,
  chatMessageVersions,
  chatRoomMembers,
  notifications,
  users,
} from '../src/db/schema/index.ts';
import { editMessage } from '../src/modules/message-controls/service.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { emitWithAck as emit, nextEvent as next, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const db = () => app.testDatabase.db;
const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);
const REASON = 'Safeguarding review of an edited message';

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

async function send(socket: Socket, roomId: number, message: string) {
  const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, { roomId, message });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data;
}

const edit = (socket: Socket, messageId: number, content: string) =>
  emit<ChatMessage>(socket, SOCKET_EVENTS.messageEdit, { messageId, content });
const unsend = (socket: Socket, messageId: number) =>
  emit<ChatMessage>(socket, SOCKET_EVENTS.messageUnsend, { messageId });
const refused = (ack: SocketAck<unknown>) => (ack.ok ? null : ack.error);

async function stored(messageId: number) {
  const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

const auditFor = (action: string, messageId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(messageId))));

/** The unread message notification a person has for a room, once the send has stored it (it follows the ack). */
async function notificationOf(userId: number, roomId: number) {
  for (let tries = 0; tries < 50; tries++) {
    const [row] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.actionUrl, `/messages?roomId=${roomId}`)));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no notification');
}

async function supervised(roomId: number) {
  const res = await (await as(app, school.director)).get(
    `/api/admin/conversations/${roomId}/messages?reason=${encodeURIComponent(REASON)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.messages as SupervisedMessage[];
}

describe('the author, inside the window', () => {
  it('edits: the other side hears the new text marked edited; the old text is kept as a version and audited', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    const sent = await send(director, room.id, 'Practice at 5:30 in Main Gym');
    expect(sent).toMatchObject({ editedAt: null, unsent: false });
    expect((await notificationOf(school.coach.id, room.id)).message).toBe('Practice at 5:30 in Main Gym');

    const heard = next<ChatMessage>(coach, SOCKET_EVENTS.messageUpdated);
    const ack = await edit(director, sent.id, 'Practice at 7:00 in Auxiliary Gym');
    expect(ack, JSON.stringify(ack)).toMatchObject({
      ok: true,
      data: { id: sent.id, content: 'Practice at 7:00 in Auxiliary Gym', unsent: false, editedAt: expect.any(String) },
    });
    expect(await heard).toEqual((ack as { data: ChatMessage }).data);
    // The bell quotes the text as it now reads.
    expect((await notificationOf(school.coach.id, room.id)).message).toBe('Practice at 7:00 in Auxiliary Gym');

    // History and the room list read the edit.
    const coachApi = await as(app, school.coach);
    const history = await coachApi.get(`/api/chat/rooms/${room.id}/messages`);
    expect(history.statusCode, history.body).toBe(200);
    const inHistory = (history.json().data.messages as ChatMessage[]).find((m) => m.id === sent.id);
    expect(inHistory).toMatchObject({ content: 'Practice at 7:00 in Auxiliary Gym', editedAt: expect.any(String) });

    const versions = await db().select().from(chatMessageVersions).where(eq(chatMessageVersions.messageId, sent.id));
    expect(versions.map((v) => [v.content, v.editedBy])).toEqual([
      ['Practice at 5:30 in Main Gym', school.director.id],
    ]);
    const [entry] = await auditFor('message.edit', sent.id);
    expect(entry).toMatchObject({
      organizationId: school.org.id,
      actorId: school.director.id,
      entityType: 'chat_message',
      before: { content: 'Practice at 5:30 in Main Gym' },
      after: { content: 'Practice at 7:00 in Auxiliary Gym' },
    });
  });

  it('re-quotes only the notice of the message changed, not another sender’s with the same words', async () => {
    const coachApi = await as(app, school.coach);
    const roomId = (await coachApi.get(`/api/chat/teams/${school.varsity.id}/rooms`)).json().data[0].id as number;
    const athlete = await socketFor(school.athlete);
    const coach = await socketFor(school.coach);
    // The guardian is away: her bell keeps the room's newest message, the coach's.
    const mine = await send(athlete, roomId, 'ok');
    await send(coach, roomId, 'ok');
    let notice = await notificationOf(school.parent.id, roomId);
    for (let tries = 0; tries < 50 && !notice.title.includes(school.coach.firstName); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      notice = await notificationOf(school.parent.id, roomId);
    }
    expect(notice).toMatchObject({ title: expect.stringContaining(school.coach.firstName), message: 'ok' });
    expect((await edit(athlete, mine.id, 'see you there')).ok).toBe(true);
    expect((await unsend(athlete, mine.id)).ok).toBe(true);
    expect(await notificationOf(school.parent.id, roomId)).toMatchObject({ title: notice.title, message: 'ok' });
  });

  it('unsends: the other side hears "unsent" with no text; the text stays stored; supervision shows every version', async () => {
    const room = await directRoom(school.director, school.athlete2);
    const director = await socketFor(school.director);
    const athlete = await socketFor(school.athlete2);
    const sent = await send(director, room.id, 'Bus leaves at 3');
    await notificationOf(school.athlete2.id, room.id);
    const heardEdit = next<ChatMessage>(athlete, SOCKET_EVENTS.messageUpdated);
    expect((await edit(director, sent.id, 'Bus leaves at 4')).ok).toBe(true);
    expect(await heardEdit).toMatchObject({ content: 'Bus leaves at 4', editedAt: expect.any(String) });
    const heard = next<ChatMessage>(athlete, SOCKET_EVENTS.messageUpdated);
    const ack = await unsend(director, sent.id);
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true, data: { id: sent.id, unsent: true, content: '' } });
    expect(await heard).toMatchObject({ id: sent.id, unsent: true, content: '', media: [] });

    expect(await stored(sent.id)).toMatchObject({ content: 'Bus leaves at 4', deletedAt: expect.any(Date) });
    expect((await notificationOf(school.athlete2.id, room.id)).message).toBe('Message unsent');
    const history = await (await as(app, school.athlete2)).get(`/api/chat/rooms/${room.id}/messages`);
    expect((history.json().data.messages as ChatMessage[]).find((m) => m.id === sent.id)).toMatchObject({
      unsent: true,
      content: '',
    });
    const [entry] = await auditFor('message.unsend', sent.id);
    expect(entry).toMatchObject({ actorId: school.director.id, before: { content: 'Bus leaves at 4' }, after: null });

    // Unsent is final: no edit or second unsend after it.
    expect(refused(await edit(director, sent.id, 'again'))).toMatchObject({ statusCode: 409, id: 'message_unsent' });
    expect(refused(await unsend(director, sent.id))).toMatchObject({ statusCode: 409 });

    const archived = (await supervised(room.id)).find((m) => m.id === sent.id);
    expect(archived).toMatchObject({
      content: 'Bus leaves at 4',
      deleted: true,
      deletedAt: expect.any(String),
      editedAt: expect.any(String),
      versions: [{ content: 'Bus leaves at 3' }],
    });
    const csv = await (await as(app, school.director)).get(
      `/api/admin/conversations/${room.id}/export.csv?reason=${encodeURIComponent(REASON)}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Bus leaves at 3');
    expect(csv.body).toContain('Bus leaves at 4');
  });
});

describe('refused', () => {
  it('after the window, with nothing changed', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const sent = await send(director, room.id, 'Old news');
    await db()
      .update(chatMessages)
      .set({ createdAt: sql`now() - make_interval(mins => ${MESSAGE_EDIT_WINDOW_MINUTES}, secs => 1)` })
      .where(eq(chatMessages.id, sent.id));
    expect(refused(await edit(director, sent.id, 'New news'))).toMatchObject({
      statusCode: 409,
      id: 'edit_window_closed',
    });
    expect(refused(await unsend(director, sent.id))).toMatchObject({ statusCode: 409, id: 'edit_window_closed' });
    expect(await stored(sent.id)).toMatchObject({ content: 'Old news', editedAt: null, deletedAt: null });
    expect(await auditFor('message.edit', sent.id)).toEqual([]);
  });

  it('for someone else in the room, another organization, and bad input', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const sent = await send(director, room.id, 'Mine');
    const coach = await socketFor(school.coach);
    expect(refused(await edit(coach, sent.id, 'Yours now'))).toMatchObject({ statusCode: 403, id: 'not_sender' });
    expect(refused(await unsend(coach, sent.id))).toMatchObject({ statusCode: 403, id: 'not_sender' });
    const outsider = await socketFor(other.director);
    expect(refused(await edit(outsider, sent.id, 'Hello'))).toMatchObject({ statusCode: 404 });
    expect(refused(await unsend(outsider, sent.id))).toMatchObject({ statusCode: 404 });
    expect(refused(await edit(director, sent.id, '   '))).toMatchObject({ statusCode: 400 });
    expect(refused(await edit(director, sent.id, 'x'.repeat(5001)))).toMatchObject({ statusCode: 400 });
    expect(refused(await unsend(director, 'nope' as unknown as number))).toMatchObject({ statusCode: 400 });
    expect(refused(await edit(director, 999_999_999, 'Hello'))).toMatchObject({ statusCode: 404 });
    expect(await stored(sent.id)).toMatchObject({ content: 'Mine', editedAt: null, deletedAt: null });
  });

  it('for an author no longer in the room', async () => {
    const room = await directRoom(school.director, school.assistant);
    const director = await socketFor(school.director);
    const sent = await send(director, room.id, 'Before I left');
    await db()
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, school.director.id)));
    expect(refused(await edit(director, sent.id, 'After'))).toMatchObject({ statusCode: 403, id: 'not_member' });
    expect(refused(await unsend(director, sent.id))).toMatchObject({ statusCode: 403, id: 'not_member' });
  });

  it('for a suspended author: the socket is closed, and the rule holds on its own', async () => {
    await coachOf(app, school.coach, school.athlete2);
    const room = await directRoom(school.coach, school.athlete2);
    const coach = await socketFor(school.coach);
    const sent = await send(coach, room.id, 'Sent before suspension');
    const closed = new Promise((resolve) => coach.once('disconnect', resolve));
    const res = await (await as(app, school.director)).patch(`/api/user/${school.coach.id}/status`, {
      status: 'SUSPENDED',
    });
    expect(res.statusCode, res.body).toBe(200);
    await closed;
    const [suspended] = await db().select().from(users).where(eq(users.id, school.coach.id));
    if (!suspended) throw new Error('coach vanished');
    await expect(editMessage(db(), suspended, sent.id, 'Edited while suspended')).rejects.toMatchObject({
      statusCode: 403,
      id: 'account_inactive',
    });
    expect(await stored(sent.id)).toMatchObject({ content: 'Sent before suspension', editedAt: null });
  });

  it('for files and polls', async () => {
    const room = await directRoom(school.director, school.parent);
    const director = await socketFor(school.director);
    const poll = await emit<ChatMessage>(director, SOCKET_EVENTS.pollCreate, {
      roomId: room.id,
      question: 'Dinner?',
      options: ['Yes', 'No'],
    });
    if (!poll.ok) throw new Error(JSON.stringify(poll));
    expect(refused(await edit(director, poll.data.id, 'Lunch?'))).toMatchObject({
      statusCode: 400,
      id: 'message_not_text',
    });
    expect(refused(await unsend(director, poll.data.id))).toMatchObject({ statusCode: 400, id: 'message_not_text' });
  });
});
