/** Pinning (decision 023): team staff pin one message of a team room; everyone's header reads it; others are refused. */
import { type ChatMessage, type RoomDetail, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { ensureTeamRoom } from '../src/modules/chat/team-room.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { emitWithAck as emit, nextEvent as next, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
let teamRoomId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  teamRoomId = (await ensureTeamRoom(app.testDatabase.db, school.varsity.id)).id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);
const pin = async (person: { email: string }, roomId: number, messageId: number | null) =>
  (await as(app, person)).put(`/api/chat/rooms/${roomId}/pin`, { messageId });
const detailFor = async (person: { email: string }, roomId: number) => {
  const res = await (await as(app, person)).get(`/api/chat/rooms/${roomId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RoomDetail;
};

async function send(socket: Socket, roomId: number, message: string) {
  const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, { roomId, message });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data;
}

describe('a pinned message', () => {
  it('is pinned by the team’s coach, shown to every member, heard live, audited, and unpinned', async () => {
    const coach = await socketFor(school.coach);
    const athlete = await socketFor(school.athlete);
    const sent = await send(coach, teamRoomId, 'Season schedule: games every Friday at 7');
    expect((await detailFor(school.coach, teamRoomId)).viewerCanPin).toBe(true);
    expect((await detailFor(school.athlete, teamRoomId)).viewerCanPin).toBe(false);

    const heard = next<{ roomId: number }>(athlete, SOCKET_EVENTS.roomUpdate);
    const res = await pin(school.coach, teamRoomId, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await heard).toEqual({ roomId: teamRoomId });
    expect((await detailFor(school.athlete, teamRoomId)).pinned).toEqual({
      quote: { id: sent.id, senderName: 'Cora Coach', text: 'Season schedule: games every Friday at 7', unsent: false },
      pinnedBy: 'Cora Coach',
      pinnedAt: expect.any(String),
    });
    const audit = await app.testDatabase.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.pin'), eq(auditLog.entityId, String(sent.id))));
    expect(audit).toHaveLength(1);

    // An unsend empties the pin's words at once.
    expect((await emit(coach, SOCKET_EVENTS.messageUnsend, { messageId: sent.id })).ok).toBe(true);
    expect((await detailFor(school.athlete, teamRoomId)).pinned?.quote).toMatchObject({ text: '', unsent: true });

    const unpinned = await pin(school.director, teamRoomId, null);
    expect(unpinned.statusCode, unpinned.body).toBe(200);
    expect((await detailFor(school.athlete, teamRoomId)).pinned).toBeNull();
  });

  it('is refused to athletes, in direct rooms, for another room’s message, an unsent one, and another school', async () => {
    const coach = await socketFor(school.coach);
    const sent = await send(coach, teamRoomId, 'Bring your jersey');
    const athlete = await pin(school.athlete, teamRoomId, sent.id);
    expect(athlete.statusCode).toBe(403);
    expect(athlete.json()).toMatchObject({ id: 'not_team_staff' });

    const direct = (
      await (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: school.director.id })
    ).json().data as { id: number };
    const inDirect = await send(coach, direct.id, 'Just us');
    expect((await pin(school.coach, direct.id, inDirect.id)).json()).toMatchObject({
      statusCode: 400,
      id: 'not_team_room',
    });
    expect((await pin(school.coach, teamRoomId, inDirect.id)).json()).toMatchObject({
      statusCode: 400,
      id: 'pin_not_in_room',
    });
    const gone = await send(coach, teamRoomId, 'Oops');
    await emit(coach, SOCKET_EVENTS.messageUnsend, { messageId: gone.id });
    expect((await pin(school.coach, teamRoomId, gone.id)).json()).toMatchObject({
      statusCode: 409,
      id: 'message_unsent',
    });
    expect((await pin(other.director, teamRoomId, sent.id)).statusCode).toBe(404);
  });
});
