/** Muting a room (decision 023): one's own membership only; unread still counts; no bell, push or digest while muted. */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoomMembers, notifications } from '../src/db/schema/index.ts';
import { unreadMessagesSource } from '../src/modules/delivery/unread-messages-source.ts';
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

const db = () => app.testDatabase.db;

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function send(socket: Socket, roomId: number, message: string) {
  const ack = await emit<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, { roomId, message });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
}

const mute = async (person: { email: string }, roomId: number, body: object) =>
  (await as(app, person)).put(`/api/chat/rooms/${roomId}/mute`, body);

/** The person's bell entries for a room, after the send's notifying (which follows the ack) had time to run. */
async function bellFor(userId: number, roomId: number) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.actionUrl, `/messages?roomId=${roomId}`)));
}

const membership = async (roomId: number, userId: number) =>
  (
    await db()
      .select()
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
  )[0];

describe('a muted room', () => {
  it('counts unread but rings no bell and stays out of the digest; unmuting brings both back', async () => {
    const room = await directRoom(school.director, school.coach);
    const res = await mute(school.coach, room.id, { muted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ muted: true, mutedUntil: null });
    const detail = await (await as(app, school.coach)).get(`/api/chat/rooms/${room.id}`);
    expect(detail.json().data.viewerMute).toEqual({ muted: true, mutedUntil: null });

    const director = await openSocket(app, url, school.director, sockets);
    await send(director, room.id, 'Muted news');
    expect(await bellFor(school.coach.id, room.id)).toEqual([]);
    expect((await membership(room.id, school.coach.id))?.unreadCount).toBe(1);
    const due = await unreadMessagesSource.due(db(), new Date(Date.now() + 60_000));
    expect(due.map((d) => d.userId)).not.toContain(school.coach.id);
    expect(
      await unreadMessagesSource.section(db(), { ...school.coach, timeZone: 'America/Chicago' } as never),
    ).toBeNull();

    const unmuted = await mute(school.coach, room.id, { muted: false });
    expect(unmuted.json().data).toEqual({ muted: false, mutedUntil: null });
    await send(director, room.id, 'Loud news');
    const bell = await bellFor(school.coach.id, room.id);
    expect(bell.map((n) => n.message)).toEqual(['Loud news']);
    expect((await membership(room.id, school.coach.id))?.unreadCount).toBe(2);
    expect((await unreadMessagesSource.due(db(), new Date(Date.now() + 60_000))).map((d) => d.userId)).toContain(
      school.coach.id,
    );
  });

  it('mutes until a time; once it passes the room notifies again; a past time is refused', async () => {
    const room = await directRoom(school.director, school.athlete2);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await mute(school.athlete2, room.id, { muted: true, until });
    expect(res.json().data).toEqual({ muted: true, mutedUntil: until });
    const past = await mute(school.athlete2, room.id, {
      muted: true,
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ statusCode: 400, id: 'mute_until_past' });

    const director = await openSocket(app, url, school.director, sockets);
    await send(director, room.id, 'Quiet for an hour');
    expect(await bellFor(school.athlete2.id, room.id)).toEqual([]);
    // The hour is over.
    await db()
      .update(chatRoomMembers)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, school.athlete2.id)));
    const detail = await (await as(app, school.athlete2)).get(`/api/chat/rooms/${room.id}`);
    expect(detail.json().data.viewerMute).toEqual({ muted: false, mutedUntil: null });
    await send(director, room.id, 'Back on');
    expect((await bellFor(school.athlete2.id, room.id)).map((n) => n.message)).toEqual(['Back on']);
  });

  it('is one’s own: a non-member is refused, another organization’s room does not exist', async () => {
    const room = await directRoom(school.director, school.coach);
    const notMember = await mute(school.administrator, room.id, { muted: true });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toMatchObject({ statusCode: 403, id: 'not_member' });
    const foreign = await mute(other.director, room.id, { muted: true });
    expect(foreign.statusCode).toBe(404);
    // Neither touched anyone's membership.
    expect((await membership(room.id, school.coach.id))?.mutedAt).toBeNull();
    expect((await membership(room.id, school.director.id))?.mutedAt).toBeNull();
  });

  it('shows in the team’s room list, for the one who muted it only', async () => {
    const teamRooms = async (person: { email: string }) => {
      const res = await (await as(app, person)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; muted: boolean }[];
    };
    const [room] = await teamRooms(school.coach);
    expect(room?.muted).toBe(false);
    const res = await mute(school.coach, room?.id as number, { muted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await teamRooms(school.coach))[0]?.muted).toBe(true);
    expect((await teamRooms(school.athlete))[0]?.muted).toBe(false);
    await mute(school.coach, room?.id as number, { muted: false });
    expect((await teamRooms(school.coach))[0]?.muted).toBe(false);
  });
});
