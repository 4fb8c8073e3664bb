/** Replies (decision 023) over real sockets: same room only, the quote as the original now reads, never an unsent text. */
import { type ChatMessage, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { emitWithAck as emit, openSocket } from './helpers/sockets.ts';

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

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

const reply = (socket: Socket, roomId: number, message: string, replyToId?: number) =>
  emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, { roomId, message, replyToId });

async function send(socket: Socket, roomId: number, message: string, replyToId?: number) {
  const ack = await reply(socket, roomId, message, replyToId);
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data;
}

const refused = (ack: SocketAck<unknown>) => (ack.ok ? null : ack.error);

async function historyOf(person: { email: string }, roomId: number) {
  const res = await (await as(app, person)).get(`/api/chat/rooms/${roomId}/messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.messages as ChatMessage[];
}

describe('a reply', () => {
  it('quotes the original to both sides, live and in history; an edit of the original shows in the quote', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    const long = `Bus leaves at 3:15 from the north lot. ${'Bring water and your warm-up jacket. '.repeat(6)}`;
    const original = await send(director, room.id, long);
    expect(original.replyTo).toBeNull();

    const heard = new Promise<ChatMessage>((resolve) =>
      director.on(SOCKET_EVENTS.chatMessageReceived, (m: ChatMessage) => m.replyTo && resolve(m)),
    );
    const answer = await send(coach, room.id, 'We will be there', original.id);
    expect(answer.replyTo).toEqual({
      id: original.id,
      senderName: 'Dana Director',
      text: expect.stringMatching(/^Bus leaves at 3:15 from the north lot\. Bring water.*…$/),
      unsent: false,
    });
    expect(answer.replyTo?.text.length).toBeLessThanOrEqual(140);
    expect((await heard).replyTo).toEqual(answer.replyTo);

    const edited = await emit<ChatMessage>(director, SOCKET_EVENTS.messageEdit, {
      messageId: original.id,
      content: 'Bus leaves at 3:30',
    });
    expect(edited.ok).toBe(true);
    const inHistory = (await historyOf(school.coach, room.id)).find((m) => m.id === answer.id);
    expect(inHistory?.replyTo).toEqual({
      id: original.id,
      senderName: 'Dana Director',
      text: 'Bus leaves at 3:30',
      unsent: false,
    });
  });

  it('is refused for a message of another room or another organization, with one code for both', async () => {
    const room = await directRoom(school.director, school.administrator);
    const elsewhere = await directRoom(school.director, school.athlete2);
    const abroad = await directRoom(other.director, other.coach);
    const director = await socketFor(school.director);
    const foreign = await socketFor(other.director);
    const inOtherRoom = await send(director, elsewhere.id, 'Only for Liam');
    const inOtherOrg = await send(foreign, abroad.id, 'Eastview only');

    for (const replyToId of [inOtherRoom.id, inOtherOrg.id, 999_999_999]) {
      expect(refused(await reply(director, room.id, 'Sneaky', replyToId))).toMatchObject({
        statusCode: 400,
        id: 'reply_not_in_room',
      });
    }
    // Nothing was stored: the room holds no message.
    expect(await historyOf(school.director, room.id)).toEqual([]);
  });

  it('of an unsent original shows "unsent" and not one word of it, live, in history and in the reply ack', async () => {
    const room = await directRoom(school.director, school.assistant);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.assistant);
    const original = await send(director, room.id, 'Secret locker code 4512');
    const answer = await send(coach, room.id, 'Got it', original.id);
    expect(answer.replyTo?.text).toBe('Secret locker code 4512');

    expect((await emit(director, SOCKET_EVENTS.messageUnsend, { messageId: original.id })).ok).toBe(true);
    const history = await historyOf(school.assistant, room.id);
    expect(history.find((m) => m.id === answer.id)?.replyTo).toEqual({
      id: original.id,
      senderName: 'Dana Director',
      text: '',
      unsent: true,
    });
    expect(JSON.stringify(history)).not.toContain('4512');

    // A reply sent after the unsend (the composer was open) is stored, quoting "unsent".
    const late = await send(coach, room.id, 'Thanks', original.id);
    expect(late.replyTo).toMatchObject({ unsent: true, text: '' });
    expect(JSON.stringify(late)).not.toContain('4512');
  });
});
