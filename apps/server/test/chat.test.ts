import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoomMembers, notifications } from '../src/db/schema/index.ts';
import { notifyUsers } from '../src/modules/chat/notifications.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser, signInAs } from './helpers/factories.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';

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

const socketFor = (person: { email: string }, extra: Parameters<typeof connect>[1] = {}) =>
  openSocket(app, url, person, sockets, extra);
const emit = emitWithAck;
const next = nextEvent;

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

describe('sending', () => {
  it('acks the stored message and delivers it to every member, joined or not', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    expect(await emit(director, SOCKET_EVENTS.joinRoom, { roomId: room.id })).toEqual({
      ok: true,
      data: { roomId: room.id },
    });
    const received = next<ChatMessage>(coach, SOCKET_EVENTS.chatMessageReceived);
    const tabUpdate = next(coach, SOCKET_EVENTS.tabUnreadCountUpdate);
    const ack = await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, {
      roomId: room.id,
      message: 'Practice moved to 4pm',
      messageType: 'TEXT',
      clientId: crypto.randomUUID(),
    });
    expect(ack.ok).toBe(true);
    const stored = (ack as { data: ChatMessage }).data;
    expect(stored).toMatchObject({
      content: 'Practice moved to 4pm',
      sender: { id: school.director.id },
      chatRoom: { id: room.id, uuid: room.uuid },
    });
    expect(await received).toEqual(stored);
    await tabUpdate;
  });

  it('lets an administrator who is not yet in a team room post, and adds them', async () => {
    const rooms = await (await as(app, school.coach)).get(`/api/chat/teams/${school.varsity.id}/rooms`);
    const roomId = rooms.json().data[0].id as number;
    const administrator = await socketFor(school.administrator);
    const ack = await emit<ChatMessage>(administrator, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'Buses leave at 3:15',
      clientId: crypto.randomUUID(),
    });
    expect(ack).toMatchObject({ ok: true, data: { content: 'Buses leave at 3:15', chatRoom: { id: roomId } } });
    const detail = await (await as(app, school.administrator)).get(`/api/chat/rooms/${roomId}`);
    expect(detail.json().data.members.map((m: { id: number }) => m.id)).toContain(school.administrator.id);
  });

  it('stores a resent message once', async () => {
    const room = await directRoom(school.director, school.athlete2);
    const director = await socketFor(school.director);
    const payload = {
      roomId: room.id,
      message: 'Bring your physical form',
      messageType: 'TEXT',
      clientId: crypto.randomUUID(),
    };
    const first = (await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, payload)) as { data: ChatMessage };
    const again = (await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, payload)) as { data: ChatMessage };
    expect(again.data.id).toBe(first.data.id);
    const historyRes = await (await as(app, school.director)).get(`/api/chat/rooms/${room.id}/messages`);
    expect(
      historyRes.json().data.messages.filter((m: ChatMessage) => m.content === 'Bring your physical form'),
    ).toHaveLength(1);
  });

  it('delivers a resend again, whose first delivery may have been lost, and counts it once', async () => {
    const coach = await buildUser(app, { role: 'COACH', firstName: 'Dee', organizationId: school.org.id });
    const room = await directRoom(school.director, coach);
    const director = await socketFor(school.director);
    const payload = { roomId: room.id, message: 'Film at 6', messageType: 'TEXT', clientId: crypto.randomUUID() };
    // Stored while the coach was away; then the director's client resends (its ack was lost).
    const first = (await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, payload)) as { data: ChatMessage };
    const db = app.testDatabase.db;
    const bells = async () =>
      (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, coach.id))).length;
    await expect.poll(bells).toBeGreaterThan(0);
    const bellsBefore = await bells();
    const unread = async () =>
      (
        await db
          .select({ unread: chatRoomMembers.unreadCount })
          .from(chatRoomMembers)
          .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, coach.id)))
      )[0]?.unread;
    expect(await unread()).toBe(1);
    const coachSocket = await socketFor(coach);
    const received = next<ChatMessage>(coachSocket, SOCKET_EVENTS.chatMessageReceived);
    const again = (await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, payload)) as { data: ChatMessage };
    expect(again.data.id).toBe(first.data.id);
    expect(await received).toEqual(first.data);
    // It names the client id it was sent under: its author's app merges it with its pending copy.
    expect(first.data.clientId).toBe(payload.clientId);
    // Counters and the bell moved once, when it was stored.
    expect(await unread()).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await bells()).toBe(bellsBefore);
  });

  it('refuses a client id already used in another conversation, and shows nothing of the first', async () => {
    const first = await directRoom(school.director, school.athlete2);
    const second = await directRoom(school.director, school.administrator);
    const director = await socketFor(school.director);
    const clientId = crypto.randomUUID();
    expect(
      await emit(director, SOCKET_EVENTS.chatMessage, { roomId: first.id, message: 'Lockers by Friday', clientId }),
    ).toMatchObject({ ok: true });
    const reused = await emit(director, SOCKET_EVENTS.chatMessage, { roomId: second.id, message: 'Hi', clientId });
    expect(reused).toEqual({
      ok: false,
      error: expect.objectContaining({ statusCode: 409, id: 'client_id_reused' }),
    });
    expect(JSON.stringify(reused)).not.toContain('Lockers');
  });

  it('never delivers a resend to someone no longer in the room', async () => {
    const room = await directRoom(school.director, school.athlete2);
    const director = await socketFor(school.director);
    const payload = { roomId: room.id, message: 'Lockers by Friday', clientId: crypto.randomUUID() };
    await emit(director, SOCKET_EVENTS.chatMessage, payload);
    await app.testDatabase.db
      .delete(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, school.athlete2.id)));
    const athlete = await socketFor(school.athlete2);
    let heard = 0;
    athlete.on(SOCKET_EVENTS.chatMessageReceived, () => heard++);
    const own = next<ChatMessage>(director, SOCKET_EVENTS.chatMessageReceived);
    expect(await emit(director, SOCKET_EVENTS.chatMessage, payload)).toMatchObject({ ok: true });
    // The sender's own channel hears it; by then the removed member would have too.
    await own;
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toBe(0);
  });

  it('refuses empty, over-long, malformed and foreign-room messages without crashing', async () => {
    const room = await directRoom(school.director, school.coach);
    const outsider = await socketFor(school.athlete2);
    const director = await socketFor(school.director);
    for (const message of ['   ', 'x'.repeat(5001)]) {
      expect(await emit(director, SOCKET_EVENTS.chatMessage, { roomId: room.id, message })).toEqual({
        ok: false,
        error: { statusCode: 400, message: 'Message too long or invalid', id: 'validation_failed' },
      });
    }
    expect(await emit(director, SOCKET_EVENTS.chatMessage, 'garbage')).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
    expect(await emit(director, SOCKET_EVENTS.joinRoom, { roomId: -1 })).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
    expect(await emit(outsider, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'hi' })).toMatchObject({
      ok: false,
      error: { statusCode: 403 },
    });
    expect(await emit(outsider, SOCKET_EVENTS.joinRoom, { roomId: room.id })).toMatchObject({
      ok: false,
      error: { statusCode: 403 },
    });
    expect(await emit(director, SOCKET_EVENTS.joinRoom, { roomId: 999_999 })).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
    expect(await emit(director, 'no:such:event', { roomId: room.id })).toEqual({
      ok: false,
      error: { statusCode: 404, message: 'Unknown event: no:such:event', id: 'unknown_event' },
    });
    expect(director.connected).toBe(true);
  });
});

describe('safeguarding', () => {
  it('puts a minor’s guardians in a coach’s conversation with them', async () => {
    const room = await directRoom(school.coach, school.athlete);
    const parent = await as(app, school.parent);
    const coachSocket = await socketFor(school.coach);
    const parentSocket = await socketFor(school.parent);
    const heard = next<ChatMessage>(parentSocket, SOCKET_EVENTS.chatMessageReceived);
    await emit(coachSocket, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Great game today!' });
    expect((await heard).content).toBe('Great game today!');
    const history = await parent.get(`/api/chat/rooms/${room.id}/messages`);
    expect(history.statusCode).toBe(200);
    expect((await (await as(app, school.athlete2)).get(`/api/chat/rooms/${room.id}/messages`)).statusCode).toBe(403);
  });
});

describe('unread counts and the room list', () => {
  it('counts unread per tab, lists the conversation first, and clears on read', async () => {
    const room = await directRoom(school.coach, school.director);
    const coach = await socketFor(school.coach);
    await emit(coach, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Can we get the gym Friday?' });
    const director = await as(app, school.director);
    const tabs = (await director.get('/api/chat/tabs')).json().data;
    expect(tabs).toEqual([
      { label: 'Coaches', value: 'COACHES', count: expect.any(Number) },
      { label: 'Athletes', value: 'ATHLETES', count: expect.any(Number) },
      { label: 'Guardians', value: 'GUARDIANS', count: expect.any(Number) },
    ]);
    expect(tabs[0].count).toBeGreaterThanOrEqual(1);
    const list = (await director.get('/api/chat/rooms?tab=COACHES')).json().data;
    expect(list.result[0]).toMatchObject({
      id: room.id,
      chatId: room.id,
      uuid: room.uuid,
      counterpart: { id: school.coach.id },
      lastMessage: { content: 'Can we get the gym Friday?' },
    });
    expect(list.result[0].unread).toBeGreaterThanOrEqual(1);
    expect((await director.post(`/api/chat/rooms/${room.id}/read`)).statusCode).toBe(200);
    expect((await director.get('/api/chat/tabs')).json().data[0].count).toBe(0);
    const athletes = (await director.get('/api/chat/rooms?tab=ATHLETES&search=zoe')).json().data;
    expect(athletes.result).toEqual([
      expect.objectContaining({ id: school.athlete.id, chatId: null, unread: 0, lastMessage: null }),
    ]);
  });

  it('pages the room list newest conversation first, each row with its own last message', async () => {
    const other = await buildSchool(app);
    const coaches = [
      other.coach,
      await buildUser(app, { role: 'COACH', firstName: 'Bo', organizationId: other.org.id }),
      await buildUser(app, { role: 'COACH', firstName: 'Cy', organizationId: other.org.id }),
    ];
    const director = await socketFor(other.director);
    for (const [i, coach] of coaches.entries()) {
      const room = await directRoom(other.director, coach);
      const ack = await emit(director, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: `To coach ${i}` });
      expect(ack).toMatchObject({ ok: true });
    }
    const list = async (page: number) =>
      (await (await as(app, other.director)).get(`/api/chat/rooms?tab=COACHES&page=${page}&limit=2`)).json().data;
    const [first, second] = [await list(1), await list(2)];
    expect(first.paginationInfo).toMatchObject({ totalCount: 3 });
    const rows = [...first.result, ...second.result].map(
      (row: { counterpart: { id: number }; lastMessage: { content: string } }) => [
        row.counterpart.id,
        row.lastMessage.content,
      ],
    );
    expect(rows).toEqual([
      [coaches[2]?.id, 'To coach 2'],
      [coaches[1]?.id, 'To coach 1'],
      [coaches[0]?.id, 'To coach 0'],
    ]);
  });

  it('pages history backwards, forwards and around a message', async () => {
    const room = await directRoom(school.director, school.administrator);
    const director = await socketFor(school.director);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const ack = (await emit<ChatMessage>(director, SOCKET_EVENTS.chatMessage, {
        roomId: room.id,
        message: `m${i}`,
      })) as { data: ChatMessage };
      ids.push(ack.data.id);
    }
    const api = await as(app, school.director);
    const latest = (await api.get(`/api/chat/rooms/${room.id}/messages?limit=5`)).json().data;
    expect(latest.messages.map((m: ChatMessage) => m.content)).toEqual(['m8', 'm9', 'm10', 'm11', 'm12']);
    expect(latest).toMatchObject({ hasOlder: true, hasNewer: false });
    const older = (await api.get(`/api/chat/rooms/${room.id}/messages?limit=5&before=${ids[7]}`)).json().data;
    expect(older.messages.map((m: ChatMessage) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    const newer = (await api.get(`/api/chat/rooms/${room.id}/messages?limit=3&after=${ids[2]}`)).json().data;
    expect(newer.messages.map((m: ChatMessage) => m.content)).toEqual(['m4', 'm5', 'm6']);
    const around = (await api.get(`/api/chat/rooms/${room.id}/messages?limit=4&around=${ids[5]}`)).json().data;
    expect(around.messages.map((m: ChatMessage) => m.content)).toEqual(['m5', 'm6', 'm7', 'm8']);
  });
});

describe('notifications', () => {
  it('notifies members who are not in the room, and marks them read', async () => {
    const room = await directRoom(school.administrator, school.coach);
    const administrator = await socketFor(school.administrator);
    const coach = await socketFor(school.coach);
    await emit(administrator, SOCKET_EVENTS.joinRoom, { roomId: room.id });
    const notified = next<{ title: string; message: string; type: string; actionUrl: string }>(
      coach,
      SOCKET_EVENTS.notification,
    );
    await emit(administrator, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Bus leaves at 3:15' });
    expect(await notified).toMatchObject({
      title: 'New message from Ari Admin',
      message: 'Bus leaves at 3:15',
      type: 'message',
      actionUrl: `/messages?roomId=${room.id}`,
    });
    const api = await as(app, school.coach);
    const list = (await api.get('/api/notifications?unreadOnly=true')).json().data;
    expect(list.unreadCount).toBeGreaterThanOrEqual(1);
    expect(list.result[0]).toMatchObject({ message: 'Bus leaves at 3:15', readAt: null });
    expect((await api.post('/api/notifications/read', {})).statusCode).toBe(200);
    expect((await api.get('/api/notifications')).json().data.unreadCount).toBe(0);
    // The sender, who is in the room, is not notified of their own message.
    const own = (await (await as(app, school.administrator)).get('/api/notifications?limit=100')).json().data.result;
    expect(own.filter((n: { message: string }) => n.message === 'Bus leaves at 3:15')).toEqual([]);
  });
});

describe('notifications of one link', () => {
  it('an unread entry takes the newer notice’s kind: a safeguarding note, then a message', async () => {
    const room = await directRoom(school.director, school.coach);
    const link = `/messages?roomId=${room.id}`;
    await notifyUsers(app.database.db, [school.coach.id], {
      title: 'Added to a conversation for safeguarding',
      message: 'Guardians read along.',
      type: 'info',
      actionUrl: link,
    });
    const coach = await socketFor(school.coach);
    const director = await socketFor(school.director);
    const notified = next<{ title: string; type: string; actionUrl: string }>(coach, SOCKET_EVENTS.notification);
    await emit(director, SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Nets are in the cage' });
    expect(await notified).toMatchObject({ title: 'New message from Dana Director', type: 'message', actionUrl: link });
    const list = (await (await as(app, school.coach)).get('/api/notifications?unreadOnly=true')).json().data;
    expect(list.result.filter((n: { actionUrl: string }) => n.actionUrl === link)).toEqual([
      expect.objectContaining({ type: 'message', message: 'Nets are in the cage' }),
    ]);
  });
});

describe('typing and presence', () => {
  it('fans typing out to the room and stops it after 3 s', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    await emit(director, SOCKET_EVENTS.joinRoom, { roomId: room.id });
    await emit(coach, SOCKET_EVENTS.joinRoom, { roomId: room.id });
    const started = next<{ userId: number; name: string }>(coach, SOCKET_EVENTS.typingStart);
    expect((await emit(director, SOCKET_EVENTS.typingStart, { roomId: room.id })).ok).toBe(true);
    // The full name, so a thread can say 'Dana Director is typing…'.
    expect(await started).toMatchObject({ userId: school.director.id, name: 'Dana Director' });
    const t0 = Date.now();
    await next(coach, SOCKET_EVENTS.typingStop, 4000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2500);
  });

  it('says someone left a room only when they were in it', async () => {
    const room = await directRoom(school.director, school.coach);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    const stranger = await socketFor(school.athlete);
    await emit(director, SOCKET_EVENTS.joinRoom, { roomId: room.id });
    await emit(coach, SOCKET_EVENTS.joinRoom, { roomId: room.id });
    const left: number[] = [];
    director.on(SOCKET_EVENTS.userLeft, ({ userId }: { userId: number }) => left.push(userId));
    // Someone who never joined (and may not): their "leave" reaches nobody in the room.
    expect((await emit(stranger, SOCKET_EVENTS.leaveRoom, { roomId: room.id })).ok).toBe(true);
    const coachLeft = next<{ userId: number }>(director, SOCKET_EVENTS.userLeft);
    await emit(coach, SOCKET_EVENTS.leaveRoom, { roomId: room.id });
    expect(await coachLeft).toMatchObject({ userId: school.coach.id });
    expect(left).toEqual([school.coach.id]);
  });

  it('keeps a user online across tabs and offline after the last one', async () => {
    const director = await socketFor(school.director);
    // Presence changes reach the sockets that asked about the person.
    await emit(director, SOCKET_EVENTS.presenceQuery, { userIds: [school.assistant.id] });
    const online = next<{ userId: number; status: string }>(director, SOCKET_EVENTS.presenceOnline);
    const tab1 = await socketFor(school.assistant);
    expect(await online).toMatchObject({ userId: school.assistant.id, status: 'online' });
    const tab2 = await socketFor(school.assistant);
    const away = next<{ status: string }>(director, SOCKET_EVENTS.presenceOnline);
    await emit(tab1, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    tab1.close();
    const offline = next<{ userId: number }>(director, SOCKET_EVENTS.presenceOffline);
    tab2.close();
    expect((await offline).userId).toBe(school.assistant.id);
    await expect(Promise.race([away, new Promise((r) => setTimeout(() => r('none'), 100))])).resolves.toBe('none');
  });
});

describe('change events', () => {
  it('tells the organization when a team changes', async () => {
    const watcher = await socketFor(school.administrator);
    const changed = next<{ teamId: number }>(watcher, SOCKET_EVENTS.teamUpdate);
    await (await as(app, school.director)).patch(`/api/teams/${school.jv.id}`, { name: 'Girls JV Basketball' });
    expect(await changed).toEqual({ teamId: school.jv.id });
  });
});

describe('connection rules', () => {
  it('refuses a browser on another origin', async () => {
    const { idToken } = await signInAs(app, school.director.email);
    const socket = connect(url, {
      transports: ['polling'],
      reconnection: false,
      auth: { idToken },
      extraHeaders: { origin: 'http://evil.example' },
    });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error).toBeTruthy();
  });

  it('disconnects a user the moment they are suspended, and tells only the administrators', async () => {
    const target = await socketFor(school.athlete2);
    const watcher = await socketFor(school.director);
    const [athlete, parent] = [await socketFor(school.athlete), await socketFor(school.parent)];
    const announced = next<{ userId: number; status: string }>(watcher, SOCKET_EVENTS.userStatusChange);
    // Athletes and families do not learn who was suspended (they heard it before the fix).
    const overheard: unknown[] = [];
    for (const socket of [athlete, parent]) socket.on(SOCKET_EVENTS.userStatusChange, (e) => overheard.push(e));
    const gone = new Promise((resolve) => target.once('disconnect', resolve));
    await (await as(app, school.director)).patch(`/api/user/${school.athlete2.id}/status`, { status: 'SUSPENDED' });
    await expect(gone).resolves.toBe('io server disconnect');
    expect(await announced).toEqual({ userId: school.athlete2.id, status: 'SUSPENDED' });
    // A round trip on each socket: anything sent to it before the answer has arrived by now.
    for (const socket of [athlete, parent]) await emit(socket, SOCKET_EVENTS.typingStop, { roomId: 0 });
    expect(overheard).toEqual([]);
    await (await as(app, school.director)).patch(`/api/user/${school.athlete2.id}/status`, { status: 'ACTIVE' });
  });
});
