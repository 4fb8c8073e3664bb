/**
 * Web push with two nodes over Redis (decision 028): a person online on the other node is
 * looking (no push); once their tab there is away, the message sent through this node is pushed
 * exactly once. Also measures what the cluster-wide look-up costs per message (docs/benchmarks.md).
 */
import { randomUUID } from 'node:crypto';
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index.ts';
import { lookingUsers } from '../src/modules/delivery/looking.ts';
import { as, buildSchool } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { startPushService } from './helpers/push-service.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';
import { twoNodeCluster } from './helpers/two-nodes.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const { sockets, start } = twoNodeCluster();

describe.skipIf(!redisUrl)('push across nodes', () => {
  it('asks every node who is looking, and pushes once', async () => {
    const push = await startPushService();
    const { a, b, urlA, urlB } = await start({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
    // Both nodes made or read the one key pair.
    expect(a.delivery.publicKey).toBe(b.delivery.publicKey);
    const school = await buildSchool(a);
    const coach = await buildUser(a, { role: 'COACH', organizationId: school.org.id });
    const browser = push.browser();
    expect((await (await as(a, coach)).post('/api/push/subscriptions', browser.subscription)).statusCode).toBe(200);
    const room = (await (await as(a, school.director)).post('/api/chat/rooms/direct', { userId: coach.id })).json()
      .data as { id: number };
    const onB = await openSocket(b, urlB, coach, sockets);
    const director = await openSocket(a, urlA, school.director, sockets);
    const send = async (message: string) => {
      const ack = await emitWithAck<ChatMessage>(director, SOCKET_EVENTS.chatMessage, {
        roomId: room.id,
        message,
        clientId: randomUUID(),
      });
      expect(ack.ok).toBe(true);
    };
    expect([...(await lookingUsers(a.io, [coach.id]))]).toEqual([coach.id]);
    await send('while online on node B');
    // Push decides after the ack: let it (the notification row, then one query and one look-up).
    for (
      const started = Date.now();
      (await a.database.db.select().from(notifications).where(eq(notifications.userId, coach.id))).length === 0 &&
      Date.now() - started < 5000;
    )
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 750));
    await emitWithAck(onB, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    expect([...(await lookingUsers(a.io, [coach.id]))]).toEqual([]);
    await send('while away on node B');
    for (const started = Date.now(); push.received.length === 0 && Date.now() - started < 5000; )
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.errors).toEqual([]);
    expect(push.pushesTo(browser).map((p) => (p.payload as { body: string }).body)).toEqual(['while away on node B']);

    // The cost of asking the cluster: one fetchSockets round trip per message with absent people.
    const absent = Array.from({ length: 50 }, (_, i) => 1_000_000 + i);
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await lookingUsers(a.io, absent);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    process.stdout.write(
      `lookingUsers over Redis, 2 nodes, 50 absent people: median ${times[25]?.toFixed(1)} ms, p90 ${times[45]?.toFixed(1)} ms\n`,
    );
    // A round trip through Redis, not the adapter's 5 s request timeout.
    expect(times[25]).toBeLessThan(1000);
    await push.close();
  }, 60_000);
});
