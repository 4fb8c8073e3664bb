/** Read receipts (decision 023): a participant's read is heard by the room's other members, no one else; the room gives positions on load. */
import { type ChatMessage, type ReadUpdate, type RoomDetail, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../src/db/schema/index.ts';
import { ensureTeamRoom } from '../src/modules/chat/team-room.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
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

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);

async function send(socket: Socket, roomId: number, message: string) {
  const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, { roomId, message });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data;
}

async function read(person: { email: string }, roomId: number) {
  const res = await (await as(app, person)).post(`/api/chat/rooms/${roomId}/read`, {});
  expect(res.statusCode, res.body).toBe(200);
}

async function detail(person: { email: string }, roomId: number) {
  const res = await (await as(app, person)).get(`/api/chat/rooms/${roomId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RoomDetail;
}

/** Collects every read update a socket hears, to show that some heard none. */
function listen(socket: Socket) {
  const heard: ReadUpdate[] = [];
  socket.on(SOCKET_EVENTS.readUpdate, (update: ReadUpdate) => heard.push(update));
  return heard;
}

describe('a direct room', () => {
  it('tells the sender when the other reads, with the position; outsiders hear nothing and cannot ask', async () => {
    const res = await (await as(app, school.director)).post('/api/chat/rooms/direct', { userId: school.coach.id });
    expect(res.statusCode, res.body).toBe(200);
    const roomId = (res.json().data as { id: number }).id;
    const director = await socketFor(school.director);
    const outsider = listen(await socketFor(school.athlete2));
    const stranger = listen(await socketFor(other.director));

    const sent = await send(director, roomId, 'Bus leaves at 4');
    // Before the coach reads, the director's view of the room has the coach with no position there.
    const before = await detail(school.director, roomId);
    expect(before.reads).toEqual([{ userId: school.coach.id, lastReadMessageId: null }]);

    const heard = next<ReadUpdate>(director, SOCKET_EVENTS.readUpdate);
    await read(school.coach, roomId);
    expect(await heard).toEqual({ roomId, userId: school.coach.id, lastReadMessageId: sent.id });
    expect((await detail(school.director, roomId)).reads).toEqual([
      { userId: school.coach.id, lastReadMessageId: sent.id },
    ]);
    // The coach's view lists the director, who read their own message by sending it.
    expect((await detail(school.coach, roomId)).reads).toEqual([
      { userId: school.director.id, lastReadMessageId: sent.id },
    ]);

    // Reading again without anything new moves nothing, so nothing is announced.
    const silent = listen(director);
    await read(school.coach, roomId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(silent).toEqual([]);
    expect(outsider).toEqual([]);
    expect(stranger).toEqual([]);

    // Receipts come with the room: someone of the school outside it 403, another school 404.
    const outside = await (await as(app, school.athlete2)).get(`/api/chat/rooms/${roomId}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    const foreign = await (await as(app, other.director)).get(`/api/chat/rooms/${roomId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, message: expect.any(String) });
    const markForeign = await (await as(app, other.director)).post(`/api/chat/rooms/${roomId}/read`, {});
    expect(markForeign.statusCode).toBe(404);
  });
});

describe('a team room', () => {
  it('lists every other participant (M), counts who read (N), and keeps observers out of both', async () => {
    // Varsity: the coach, Zoë (a minor, so her guardian Paula observes) and Liam.
    await app.testDatabase.db.insert(teamMembers).values({ teamId: school.varsity.id, userId: school.athlete2.id });
    const roomId = (await ensureTeamRoom(app.testDatabase.db, school.varsity.id)).id;
    const coach = await socketFor(school.coach);
    const heardByCoach = listen(coach);
    const sent = await send(coach, roomId, 'Film session moved to Thursday');

    const heard = next<ReadUpdate>(coach, SOCKET_EVENTS.readUpdate);
    await read(school.athlete, roomId);
    expect(await heard).toEqual({ roomId, userId: school.athlete.id, lastReadMessageId: sent.id });
    // The guardian reads too: an observer's read is no receipt, so nobody hears of it.
    await read(school.parent, roomId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByCoach.map((u) => u.userId)).toEqual([school.athlete.id]);

    const reads = (await detail(school.coach, roomId)).reads ?? [];
    expect(reads).toHaveLength(2);
    expect(reads).toEqual(
      expect.arrayContaining([
        { userId: school.athlete.id, lastReadMessageId: sent.id },
        { userId: school.athlete2.id, lastReadMessageId: null },
      ]),
    );
    const seen = reads.filter((r) => (r.lastReadMessageId ?? 0) >= sent.id).length;
    expect(`Seen by ${seen} of ${reads.length}`).toBe('Seen by 1 of 2');
  });
});
