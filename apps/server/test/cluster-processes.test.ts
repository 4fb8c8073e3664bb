/**
 * Two real server processes (`node --import tsx src/server.ts`) on one PostgreSQL database and one
 * Redis, started together as a deployment would: they migrate and seed once between them, accept
 * each other's tokens, carry chat across nodes and see each other's sockets in presence.
 * PostgreSQL project only, and only with TEST_REDIS_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatMessage, type PresenceSnapshot, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_COACH_EMAIL } from '../src/seed/demo.ts';
import { signIn } from '../src/simulate/simulate.ts';
import { createEmptyDatabaseUrl } from './helpers/db.ts';
import { apiAt } from './helpers/http.ts';
import { type ServerProcess, serverUrl, startServerProcess, stopServerProcess } from './helpers/server-process.ts';
import { emitWithAck } from './helpers/sockets.ts';

const redisUrl = process.env.TEST_REDIS_URL;
type Node = ServerProcess & { dataDir: string };

function start(env: Record<string, string>): Node {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-node-'));
  return {
    dataDir,
    ...startServerProcess({
      NODE_ENV: 'test',
      // Each node gets a free port from the OS and its own disk, as on two machines.
      PORT: '0',
      DATA_DIR: dataDir,
      // Several nodes must share the identity secret to accept each other's tokens.
      IDENTITY_SECRET: 'c'.repeat(64),
      SEED_DEMO: 'true',
      ...env,
    }),
  };
}

async function stop(node: Node) {
  await stopServerProcess(node);
  rmSync(node.dataDir, { recursive: true, force: true });
}

const enabled = process.env.TEST_DB_KIND === 'postgres' && Boolean(redisUrl);
const nodes: Node[] = [];
const clients: Socket[] = [];
let database: { url: string; drop: () => Promise<void> } | undefined;
let urlA = '';
let urlB = '';

beforeAll(async () => {
  if (!enabled) return;
  database = await createEmptyDatabaseUrl();
  if (!database) throw new Error('the PostgreSQL project provides the database');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: new URL(database.url).pathname.slice(1),
  };
  // Started together on an empty database: migrations and the demo seed run under an advisory lock.
  const a = start(env);
  const b = start(env);
  nodes.push(a, b);
  [urlA, urlB] = await Promise.all([serverUrl(a), serverUrl(b)]);
}, 120_000);

afterAll(async () => {
  for (const socket of clients) socket.close();
  await Promise.all(nodes.map(stop));
  await database?.drop();
}, 60_000);

const api = apiAt;

async function open(url: string, idToken: string) {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { idToken } });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe.skipIf(!enabled)('two server processes on PostgreSQL and Redis', () => {
  it('seeds once, accepts each other’s tokens, carries chat and presence across nodes', async () => {
    const seeded = nodes.filter((n) => n.output().stdout.includes('Demo data seeded'));
    expect(seeded).toHaveLength(1);

    // Signed in on different nodes; each token is then used on the other node.
    const coachToken = await signIn(urlA, DEMO_COACH_EMAIL, DEMO_ADMIN.password);
    const adminToken = await signIn(urlB, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const coach = (await api<{ user: { id: number } }>(urlB, coachToken, '/auth/me')).user;
    const admin = (await api<{ user: { id: number } }>(urlA, adminToken, '/auth/me')).user;
    const room = await api<{ id: number }>(urlA, adminToken, '/chat/rooms/direct', { userId: coach.id });

    const coachOnA = await open(urlA, coachToken);
    const adminOnB = await open(urlB, adminToken);

    // The nodes find each other through Redis shortly after starting.
    const query = async () =>
      (
        (await emitWithAck<PresenceSnapshot>(coachOnA, SOCKET_EVENTS.presenceQuery, { userIds: [admin.id] })) as {
          data: PresenceSnapshot;
        }
      ).data[admin.id];
    await expect.poll(query, { timeout: 10_000, interval: 200 }).toBe('online');

    const received = new Promise<ChatMessage>((resolve) => coachOnA.once(SOCKET_EVENTS.chatMessageReceived, resolve));
    const ack = await new Promise<SocketAck<ChatMessage>>((resolve) =>
      adminOnB.emit(
        SOCKET_EVENTS.chatMessage,
        { roomId: room.id, message: 'From node B', clientId: crypto.randomUUID() },
        resolve,
      ),
    );
    expect(ack.ok).toBe(true);
    const message = await received;
    expect(message).toMatchObject({ chatRoom: { id: room.id }, content: 'From node B', sender: { id: admin.id } });

    adminOnB.close();
    await expect.poll(query, { timeout: 10_000, interval: 200 }).toBe('offline');
  });
});
