import { randomUUID } from 'node:crypto';
import { type ChatMessage, type PresenceSnapshot, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { createClient } from '@redis/client';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema/chat.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';
import { as, buildSchool } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';
import { sample } from './helpers/metrics.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';
import { startTwoNodes, type TwoNodes } from './helpers/two-nodes.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** Two nodes on one database and the run's Redis, hearing each other; closed after the test. */
async function twoNodes(database: TestDatabase) {
  const nodes = await startTwoNodes(database);
  apps.push(nodes.a, nodes.b);
  return nodes;
}

/** Two nodes that hear each other, and the test's sockets; everything closed after `test`. */
async function withTwoNodes(
  test: (nodes: Awaited<ReturnType<typeof twoNodes>> & { database: TestDatabase; clients: Socket[] }) => Promise<void>,
) {
  const database = await createTestDatabase();
  const clients: Socket[] = [];
  try {
    const nodes = await twoNodes(database);
    await test({ ...nodes, database, clients });
  } finally {
    for (const socket of clients) socket.close();
    for (const app of apps.splice(0)) await app.close();
    await database.close();
  }
}

/** A node's `fieldhouse_chat_deliveries_total` for one outcome, as `/metrics` shows it. */
async function deliveries(node: TestApp, outcome: string) {
  return sample(await node.metrics.text(), `fieldhouse_chat_deliveries_total{outcome="${outcome}"}`) ?? 0;
}

/** A school's director on node A and its coach on node B, in their direct conversation. */
async function directorAndCoachApart({ a, urlA, urlB, clients }: Omit<TwoNodes, 'b'> & { clients: Socket[] }) {
  const school = await buildSchool(a);
  const room = (await (await as(a, school.director)).post('/api/chat/rooms/direct', { userId: school.coach.id })).json()
    .data as { id: number };
  const sender = await openSocket(a, urlA, school.director, clients);
  const receiver = await openSocket(a, urlB, school.coach, clients);
  return { room, sender, receiver };
}

describe.skipIf(!redisUrl)('several nodes over Redis', () => {
  it('carries a broadcast from one node to another', async () => {
    const database = await createTestDatabase();
    try {
      const [a, b] = [
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
      ];
      apps.push(a, b);
      await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
      const received = new Promise<unknown>((resolve) => b.io.on('cluster:ping', resolve));
      // The streams adapter needs a moment to start reading; resend until the other node hears it.
      const timer = setInterval(() => a.io.serverSideEmit('cluster:ping', { from: 'a' }), 100);
      try {
        await expect(received).resolves.toEqual({ from: 'a' });
      } finally {
        clearInterval(timer);
      }
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await database.close();
    }
  });

  it('counts only its own install’s nodes when installs share the Redis server', async () => {
    const database = await createTestDatabase();
    const other = await createTestDatabase();
    try {
      const [a, b] = [
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
      ];
      // Another install (its own prefix) on the same Redis server.
      const c = await buildTestApp({ REDIS_URL: redisUrl ?? '' }, other);
      apps.push(a, b, c);
      await Promise.all([a, b, c].map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
      // Each node subscribes as it starts: wait for all three, then count.
      const count = (app: TestApp) => app.io.of('/').adapter.serverCount();
      for (const started = Date.now(); Date.now() - started < 5000; ) {
        if ((await count(b)) >= 2 && (await count(c)) >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect([await count(a), await count(b), await count(c)]).toEqual([2, 2, 1]);
      // Asking every node answers at once, not after the adapter's 5 s timeout.
      const started = Date.now();
      expect(await a.io.fetchSockets()).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await database.close();
      await other.close();
    }
  });
});

describe.skipIf(!redisUrl)('chat across nodes', () => {
  it('delivers a message sent on node B to a client on node A', async () => {
    const database = await createTestDatabase();
    const clients: Socket[] = [];
    try {
      const { a, urlA, urlB } = await twoNodes(database);
      const school = await buildSchool(a);
      const room = (
        await (await as(a, school.director)).post('/api/chat/rooms/direct', { userId: school.coach.id })
      ).json().data as { id: number };
      const open = async (url: string, email: string) => {
        const socket = connect(url, {
          transports: ['websocket'],
          reconnection: false,
          auth: { idToken: (await signInAs(a, email)).idToken },
        });
        clients.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        return socket;
      };
      const coachOnA = await open(urlA, school.coach.email);
      const directorOnB = await open(urlB, school.director.email);
      const received = new Promise<ChatMessage>((resolve) => coachOnA.once(SOCKET_EVENTS.chatMessageReceived, resolve));
      // The streams adapter starts reading shortly after the nodes come up.
      await new Promise((r) => setTimeout(r, 300));
      const ack = await new Promise<SocketAck<ChatMessage>>((resolve) =>
        directorOnB.emit(SOCKET_EVENTS.chatMessage, { roomId: room.id, message: 'Across nodes' }, resolve),
      );
      expect(ack.ok).toBe(true);
      expect((await received).content).toBe('Across nodes');
    } finally {
      for (const socket of clients) socket.close();
      for (const app of apps.splice(0)) await app.close();
      await database.close();
    }
  });
});

describe.skipIf(!redisUrl)('a delivery Redis refuses', () => {
  it('is not acked: the outbox sends again under the same client id and the other node hears it once', async () => {
    await withTwoNodes(async ({ a, b, urlA, urlB, clients, database }) => {
      const { room, sender, receiver } = await directorAndCoachApart({ a, urlA, urlB, clients });
      const heard: ChatMessage[] = [];
      receiver.on(SOCKET_EVENTS.chatMessageReceived, (message: ChatMessage) => heard.push(message));
      const clientId = randomUUID();
      const own: ChatMessage[] = [];
      sender.on(SOCKET_EVENTS.chatMessageReceived, (message: ChatMessage) => own.push(message));
      const send = () =>
        emitWithAck<ChatMessage>(sender, SOCKET_EVENTS.chatMessage, {
          roomId: room.id,
          message: 'Refused once by Redis',
          clientId,
        });
      const redis = createClient({ url: redisUrl });
      redis.on('error', () => {});
      await redis.connect();
      const stream = `${database.key}:socket.io`;
      try {
        // A string where the install's stream was: Redis refuses every XADD (WRONGTYPE), as it
        // would out of memory or as a read-only replica, while it still answers everything else.
        await redis.del(stream);
        await redis.set(stream, 'not a stream');
        const refused = await send();
        await redis.del(stream);
        expect(refused).toMatchObject({ ok: false, error: { statusCode: 503, id: 'delivery_unconfirmed' } });
        expect(await deliveries(a, 'refused')).toBe(1);
        // Its author's node delivered it to them anyway, under the client id its app pends it by.
        await expect.poll(() => own.map((m) => m.clientId)).toEqual([clientId]);

        const received = nextEvent<ChatMessage>(receiver, SOCKET_EVENTS.chatMessageReceived, 10_000);
        const acked = await send();
        expect(acked.ok).toBe(true);
        const message = (acked as { data: ChatMessage }).data;
        expect(await received).toMatchObject({ id: message.id, content: 'Refused once by Redis' });
        // Heard once: the refused delivery never reached node B.
        await new Promise((r) => setTimeout(r, 300));
        expect(heard.map((m) => m.id)).toEqual([message.id]);
        const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.clientId, clientId));
        expect(stored.map((row) => row.id)).toEqual([message.id]);

        // A poll travels the same way, and its resend names the same poll.
        const poll = { roomId: room.id, clientId: randomUUID(), question: 'Bus at 3?', options: ['Yes', 'No'] };
        await redis.del(stream);
        await redis.set(stream, 'not a stream');
        const pollRefused = await emitWithAck<ChatMessage>(sender, SOCKET_EVENTS.pollCreate, poll);
        await redis.del(stream);
        expect(pollRefused).toMatchObject({ ok: false, error: { statusCode: 503 } });
        const pollHeard = nextEvent<ChatMessage>(receiver, SOCKET_EVENTS.chatMessageReceived, 10_000);
        const pollAcked = await emitWithAck<ChatMessage>(sender, SOCKET_EVENTS.pollCreate, poll);
        const posted = (pollAcked as { data: ChatMessage }).data;
        expect(await pollHeard).toMatchObject({ id: posted.id, poll: { question: 'Bus at 3?' } });
        expect(
          await database.db.select().from(chatMessages).where(eq(chatMessages.clientId, poll.clientId)),
        ).toHaveLength(1);
        // Operators see it: two refused on the sender's node, the resends taken.
        expect(await deliveries(a, 'refused')).toBe(2);
        expect(await deliveries(a, 'taken')).toBeGreaterThanOrEqual(2);
        expect(await deliveries(b, 'refused')).toBe(0);
      } finally {
        // The nodes' stream readers retry at once while the key is a string.
        await redis.del(stream).finally(() => redis.quit());
      }
    });
  });
});

describe.skipIf(!redisUrl)('presence across nodes', () => {
  it('answers for sockets on every node and announces offline only when the last one anywhere leaves', async () => {
    const database = await createTestDatabase();
    const clients: Socket[] = [];
    try {
      const { a, urlA, urlB } = await twoNodes(database);
      const school = await buildSchool(a);
      const coach = school.coach.id;
      const query = async (socket: Socket) =>
        (
          (await emitWithAck<PresenceSnapshot>(socket, SOCKET_EVENTS.presenceQuery, { userIds: [coach] })) as {
            data: PresenceSnapshot;
          }
        ).data[coach];

      const directorOnB = await openSocket(a, urlB, school.director, clients);
      const adminOnA = await openSocket(a, urlA, school.administrator, clients);
      const coachOnA = await openSocket(a, urlA, school.coach, clients);
      // The nodes find each other through Redis shortly after starting.
      await expect.poll(() => query(directorOnB), { timeout: 5000, interval: 100 }).toBe('online');

      const coachOnB = await openSocket(a, urlB, school.coach, clients);
      const offline: number[] = [];
      for (const watcher of [directorOnB, adminOnA])
        watcher.on(SOCKET_EVENTS.presenceOffline, ({ userId }: { userId: number }) => offline.push(userId));
      coachOnA.close();
      await new Promise((r) => setTimeout(r, 500));
      expect(offline).toEqual([]);
      expect(await query(adminOnA)).toBe('online');
      expect(await query(directorOnB)).toBe('online');

      const gone = nextEvent<{ userId: number; status: string }>(adminOnA, SOCKET_EVENTS.presenceOffline);
      coachOnB.close();
      expect(await gone).toMatchObject({ userId: coach, status: 'offline' });
      expect(await query(adminOnA)).toBe('offline');
    } finally {
      for (const socket of clients) socket.close();
      for (const app of apps.splice(0)) await app.close();
      await database.close();
    }
  });
});

describe.skipIf(!redisUrl)('one node of several shutting down', () => {
  it('sends out a message it stored while shutting down before it lets go of Redis', async () => {
    await withTwoNodes(async ({ a, urlA, urlB, clients, database }) => {
      const { room, sender, receiver } = await directorAndCoachApart({ a, urlA, urlB, clients });
      const received = nextEvent<ChatMessage>(receiver, SOCKET_EVENTS.chatMessageReceived, 10_000);
      // Someone holds the room's row, so the send waits inside its statement while node A stops.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from chat_rooms where id = ${room.id} for update`);
        locked();
        await held;
      });
      await isLocked;
      sender.emit(SOCKET_EVENTS.chatMessage, {
        roomId: room.id,
        message: 'Stored during the deploy',
        clientId: randomUUID(),
      });
      await new Promise((r) => setTimeout(r, 300));
      apps.splice(apps.indexOf(a), 1);
      let closed = false;
      const closing = a.close().then(() => (closed = true));
      // Node A must not finish closing while its send is still to go out (it used to, in 20 ms, and
      // the message was stored but never reached node B).
      for (let waited = 0; waited < 2000 && !closed; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(closed).toBe(false);
      release();
      await holder;
      await closing;
      // Stored once its statement ran, and out to node B's member, though the sender's node is gone.
      expect(await received).toMatchObject({ content: 'Stored during the deploy' });
    });
  });

  it('asks the other nodes once about every socket it closes, and announces offline only who has none left', async () => {
    await withTwoNodes(async ({ a, urlA, urlB, clients }) => {
      const school = await buildSchool(a);
      const people = [school.coach, school.administrator, school.athlete2];
      for (const person of people) await openSocket(a, urlA, person, clients);
      // The coach also has a tab on node B; the director watches all three from B.
      await openSocket(a, urlB, school.coach, clients);
      const watcher = await openSocket(a, urlB, school.director, clients);
      const ids = people.map((p) => p.id);
      expect(await emitWithAck(watcher, SOCKET_EVENTS.presenceQuery, { userIds: ids })).toMatchObject({
        ok: true,
        data: Object.fromEntries(ids.map((id) => [id, 'online'])),
      });
      const offline: number[] = [];
      watcher.on(SOCKET_EVENTS.presenceOffline, ({ userId }: { userId: number }) => offline.push(userId));
      const adapter = a.io.of('/').adapter;
      const fetchSockets = adapter.fetchSockets.bind(adapter);
      let asked = 0;
      adapter.fetchSockets = (options) => {
        asked++;
        return fetchSockets(options);
      };

      apps.splice(apps.indexOf(a), 1);
      await a.close();
      await expect.poll(() => [...offline].sort(), { timeout: 5000 }).toEqual([ids[1], ids[2]].sort());
      expect(asked).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(offline).not.toContain(school.coach.id);
    });
  });

  it('closes its own sockets and leaves the other nodes’ connected', async () => {
    const database = await createTestDatabase();
    const clients: Socket[] = [];
    try {
      const { a, b, urlA, urlB } = await twoNodes(database);
      const school = await buildSchool(a);
      const onA = await openSocket(a, urlA, school.coach, clients);
      const onB = await openSocket(a, urlB, school.director, clients);
      // The nodes hear each other through Redis shortly after starting.
      const received = new Promise<unknown>((resolve) => a.io.on('cluster:ping', resolve));
      const timer = setInterval(() => b.io.serverSideEmit('cluster:ping', {}), 100);
      await received.finally(() => clearInterval(timer));
      const reasons: Record<string, string> = {};
      onA.on('disconnect', (reason) => (reasons.a = reason));
      onB.on('disconnect', (reason) => (reasons.b = reason));

      // A rolling deploy stops node A: its clients are told to reconnect elsewhere, B's stay.
      await a.close();
      apps.splice(apps.indexOf(a), 1);
      await new Promise((r) => setTimeout(r, 500));
      expect(reasons).toEqual({ a: 'io server disconnect' });
      expect(onB.connected).toBe(true);
    } finally {
      for (const socket of clients) socket.close();
      for (const app of apps.splice(0)) await app.close();
      await database.close();
    }
  });
});
