/**
 * compose.yaml's topology as processes (`npm run cluster`): three nodes on PostgreSQL and Redis
 * behind Debian's nginx. Four real socket.io-clients (the director and a coach, each over
 * websocket and over long-polling, from their own loopback addresses so the balancer's
 * stickiness spreads them) chat through the balancer while the node serving two of them is
 * killed with SIGKILL. No acknowledged message is lost or stored twice, and the cut-off clients
 * reconnect through the balancer to another node and catch up from history.
 * PostgreSQL project only, with TEST_REDIS_URL and nginx installed (CI installs it).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatMessage, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, findNginx, startCluster } from '../src/ops/cluster.ts';
import { DEMO_ADMIN, DEMO_COACH_EMAIL } from '../src/seed/demo.ts';
import { signIn } from '../src/simulate/simulate.ts';
import { createEmptyDatabaseUrl } from './helpers/db.ts';
import { freePorts } from './helpers/free-ports.ts';
import { catchUpHistory, historyAfter as historyAt } from './helpers/history.ts';
import { apiAt } from './helpers/http.ts';

const nginx = findNginx();
const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(redisUrl);
const enabled = onPostgres && Boolean(nginx);
const title =
  onPostgres && !nginx
    ? 'cluster behind nginx — SKIPPED: nginx is not installed (apt-get install nginx; CI installs it)'
    : 'cluster of three nodes behind nginx';

let cluster: Cluster | undefined;
let database: { url: string; drop: () => Promise<void> } | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-cluster-'));
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!enabled) return;
  database = await createEmptyDatabaseUrl();
  if (!database) throw new Error('the PostgreSQL project provides the database');
  const [port, ...nodePorts] = await freePorts(4);
  cluster = await startCluster({
    nodes: 3,
    port: port as number,
    nodePorts,
    databaseUrl: database.url,
    redisUrl: redisUrl as string,
    redisPrefix: new URL(database.url).pathname.slice(1),
    identitySecret: 'e'.repeat(64),
    dataDir,
    env: { SEED_DEMO: 'true' },
    exposeUpstream: true,
  });
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Which node the balancer sends `address` to: a request from it, and the upstream it names. */
const upstreamOf = (address: string) =>
  new Promise<string>((resolve, reject) => {
    const req = get(`${cluster?.url}/health`, { localAddress: address, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.headers['x-fieldhouse-upstream'] ?? '')));
    });
    req.on('error', reject);
  });

/** The API through the balancer. */
const api = <T>(token: string, path: string, body?: unknown) => apiAt<T>(cluster?.url as string, token, path, body);

type Client = {
  name: string;
  address: string;
  token: string;
  socket: Socket;
  /** Messages of the room this client has: live events, and history fetched after reconnecting. */
  seen: Map<number, ChatMessage>;
  reconnects: number;
  caughtUp: number;
};

/** Everything of the room after `after`, through the balancer. */
const historyAfter = (token: string, roomId: number, after: number) =>
  historyAt(cluster?.url as string, token, roomId, after);

function openClient(name: string, token: string, address: string, transport: 'websocket' | 'polling', roomId: number) {
  const socket = connect(cluster?.url as string, {
    transports: [transport],
    auth: { idToken: token },
    // Its own loopback address: the balancer keeps each address on one node.
    agent: new Agent({ localAddress: address, keepAlive: true }) as unknown as string,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1000,
    randomizationFactor: 0,
  });
  sockets.push(socket);
  const client: Client = { name, address, token, socket, seen: new Map(), reconnects: 0, caughtUp: 0 };
  const lastSeen = () => Math.max(0, ...client.seen.keys());
  socket.on(SOCKET_EVENTS.chatMessageReceived, (message: ChatMessage) => {
    if (message.chatRoom.id === roomId) client.seen.set(message.id, message);
  });
  socket.io.on('reconnect', async () => {
    client.reconnects++;
    // As the apps catch up: the newest page, then forwards from the last id held. The last id can
    // be this client's own message from its ack, above another's that the dying node never handed
    // over; the newest page holds that one.
    for (const message of await catchUpHistory(cluster?.url as string, token, roomId, lastSeen())) {
      // Counted: this test's messages that only history brought (the page also holds the demo's).
      if (!client.seen.has(message.id) && / #\d+$/.test(message.content ?? '')) client.caughtUp++;
      client.seen.set(message.id, message);
    }
  });
  return client;
}

/**
 * Sends `count` messages, one every `everyMs`, each with its own client id; a message whose ack
 * does not come is sent again with the same id (the web app's outbox does the same), so it is
 * stored once. Returns the acknowledged messages.
 */
async function chat(client: Client, roomId: number, count: number, everyMs: number) {
  const acked: ChatMessage[] = [];
  for (let i = 0; i < count; i++) {
    const payload = { roomId, message: `${client.name} #${i}`, clientId: randomUUID() };
    const until = Date.now() + 30_000;
    for (;;) {
      const ack = (await client.socket
        .timeout(3000)
        .emitWithAck(SOCKET_EVENTS.chatMessage, payload)
        .catch(() => undefined)) as SocketAck<ChatMessage> | undefined;
      if (ack?.ok) {
        acked.push(ack.data);
        // The apps' outbox puts the acknowledged message in the thread (chat-provider.tsx): a
        // resend that finds its message already stored (committed by a node that died before
        // delivering it, possibly after the sender's catch-up read) still shows it to the sender.
        client.seen.set(ack.data.id, ack.data);
        break;
      }
      if (Date.now() > until) throw new Error(`${payload.message} was never acknowledged`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return acked;
}

describe.skipIf(!enabled)(title, () => {
  it('loses no acknowledged message when a node is killed, and its clients reconnect through the balancer', async () => {
    const live = cluster as Cluster;
    const adminToken = await signIn(live.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const coachToken = await signIn(live.url, DEMO_COACH_EMAIL, DEMO_ADMIN.password);
    const coach = (await api<{ user: { id: number } }>(coachToken, '/auth/me')).user;
    const room = await api<{ id: number }>(adminToken, '/chat/rooms/direct', { userId: coach.id });

    // Addresses that put the director's websocket and the coach's polling client on the node to
    // be killed, and the other two on the others: both transports fail over, both people keep one.
    const victim = live.nodes[0]?.url.replace('http://', '') as string;
    const wanted = { adminWs: true, coachPoll: true, coachWs: false, adminPoll: false };
    const addresses: Partial<Record<keyof typeof wanted, string>> = {};
    for (let host = 10; host < 250 && Object.keys(addresses).length < 4; host++) {
      const address = `127.0.0.${host}`;
      const onVictim = (await upstreamOf(address)) === victim;
      const role = (Object.keys(wanted) as (keyof typeof wanted)[]).find(
        (key) => !addresses[key] && wanted[key] === onVictim,
      );
      if (role) addresses[role] = address;
    }
    expect(Object.keys(addresses)).toHaveLength(4);

    const clients = [
      openClient('director-ws', adminToken, addresses.adminWs as string, 'websocket', room.id),
      openClient('coach-polling', coachToken, addresses.coachPoll as string, 'polling', room.id),
      openClient('coach-ws', coachToken, addresses.coachWs as string, 'websocket', room.id),
      openClient('director-polling', adminToken, addresses.adminPoll as string, 'polling', room.id),
    ];
    await expect.poll(() => clients.every((c) => c.socket.connected), { timeout: 15_000 }).toBe(true);
    expect(clients.map((c) => c.socket.io.engine.transport.name)).toEqual([
      'websocket',
      'polling',
      'websocket',
      'polling',
    ]);

    // Everyone chats; a second in, the node under two of them dies without a goodbye.
    const sending = Promise.all(clients.map((client) => chat(client, room.id, 30, 80)));
    await new Promise((r) => setTimeout(r, 1000));
    await live.kill(0, 'SIGKILL');
    const acked = (await sending).flat();
    expect(acked).toHaveLength(120);

    // Nothing acknowledged is missing from the room, and nothing is there twice.
    // (The demo's direct room already holds a conversation: only this test's messages count.)
    const stored = (await historyAfter(adminToken, room.id, 0)).filter((m) => / #\d+$/.test(m.content ?? ''));
    const storedIds = stored.map((m) => m.id);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    expect(stored.map((m) => m.content).sort()).toEqual(acked.map((m) => m.content).sort());

    // The cut-off clients came back through the balancer, on a node that is alive.
    const [directorWs, coachPolling, coachWs, directorPolling] = clients as [Client, Client, Client, Client];
    await expect.poll(() => clients.every((c) => c.socket.connected), { timeout: 20_000 }).toBe(true);
    for (const moved of [directorWs, coachPolling]) {
      expect(moved.reconnects, moved.name).toBeGreaterThan(0);
      const upstream = await upstreamOf(moved.address);
      expect(upstream).not.toBe(victim);
      expect(live.nodes.map((n) => n.url.replace('http://', ''))).toContain(upstream);
    }
    expect(coachPolling.socket.io.engine.transport.name).toBe('polling');
    // The clients on the surviving nodes never lost their connection.
    expect(coachWs.reconnects + directorPolling.reconnects).toBe(0);
    // The cut-off clients have every acknowledged message: live, from history on reconnecting, or
    // (their own) from its ack.
    const missing = (client: Client) => acked.filter((m) => !client.seen.has(m.id)).map((m) => m.content);
    for (const moved of [directorWs, coachPolling]) {
      await expect.poll(() => missing(moved), { timeout: 10_000 }).toEqual([]);
    }
    // The others have every one live, with no history read: even a message the killed node
    // stored but died before handing to Redis, since its sender's resend finds it stored and
    // delivers it again (decision 037).
    for (const stayed of [coachWs, directorPolling]) {
      await expect.poll(() => missing(stayed), { timeout: 10_000 }).toEqual([]);
    }
    // The ones that were cut off needed the history to get there.
    expect(directorWs.caughtUp + coachPolling.caughtUp).toBeGreaterThan(0);
  }, 120_000);
});
