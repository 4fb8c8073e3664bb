/**
 * Chat under load: C authenticated clients in R group rooms, M messages per second sent for S
 * seconds, every message stored. Prints send→receive latency (p50/p95/p99) at the receivers,
 * against a bare Socket.IO relay (no auth, no database) measured in the same run.
 * `DATABASE_URL=postgres://… node --import tsx bench/chat.ts [--clients 400 --rooms 40 --rate 200 --seconds 10]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { count } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { chatMessages, chatRoomMembers, chatRooms, organizations, users } from '../apps/server/src/db/schema/index.ts';
import { signIn } from '../apps/server/src/simulate/simulate.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '400' },
    rooms: { type: 'string', default: '40' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
  },
});
const [clients, roomCount, rate, seconds] = [values.clients, values.rooms, values.rate, values.seconds].map(Number) as [
  number,
  number,
  number,
  number,
];
const PASSWORD = 'Bench-Pass-1';
const dir = mkdtempSync(join(tmpdir(), 'fieldhouse-bench-'));
const config = loadConfig({
  DATA_DIR: dir,
  IDENTITY_SECRET: 'e'.repeat(64),
  LOG_LEVEL: 'silent',
  IDENTITY_RATE_LIMIT: '100000000',
  SEED_DEMO: 'false',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dir });
await runMigrations(database);
const app = await buildApp({ config, database, logger: { level: 'silent' } });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

process.stdout.write(`setting up ${clients} people in ${roomCount} rooms on ${database.kind}…\n`);
const { db } = database;
const [org] = await db
  .insert(organizations)
  .values({ name: 'Bench High', slug: `bench-${Date.now()}` })
  .returning();
const tag = Date.now().toString(36);
const people = Array.from({ length: clients }, (_, i) => ({
  email: `bench${i}.${tag}@bench.example`,
  givenName: `P${i}`,
}));
const subs = await app.identity.admin.createUsersWithPassword(people, PASSWORD);
const rows = await db
  .insert(users)
  .values(
    people.map((p, i) => ({
      email: p.email,
      firstName: p.givenName,
      role: 'COACH' as const,
      organizationId: org?.id as number,
      identitySub: subs[i] as string,
    })),
  )
  .returning({ id: users.id });
const rooms = await db
  .insert(chatRooms)
  .values(
    Array.from({ length: roomCount }, (_, i) => ({
      organizationId: org?.id as number,
      kind: 'GROUP' as const,
      name: `Room ${i}`,
    })),
  )
  .returning({ id: chatRooms.id });
const roomOf = (i: number) => rooms[i % roomCount]?.id as number;
await db.insert(chatRoomMembers).values(rows.map((r, i) => ({ roomId: roomOf(i), userId: r.id })));

const token = (email: string) => signIn(base, email, PASSWORD);

type Measured = { latencies: number[]; lost: number };

/** Connects everyone, sends `rate` messages a second from random people, records delivery times. */
async function run(
  url: string,
  open: (i: number) => Promise<Socket>,
  send: (s: Socket, room: number, sentAt: number) => void,
): Promise<Measured> {
  const sockets: Socket[] = [];
  for (let i = 0; i < clients; i += 50)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, clients - i) }, (_, j) => open(i + j)))));
  const latencies: number[] = [];
  const expected = Math.max(1, Math.round(clients / roomCount) - 1);
  let deliveries = 0;
  for (const socket of sockets) {
    socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { content: string; sender: { id: number } }) => {
      latencies.push(performance.now() - Number(m.content));
      deliveries++;
    });
  }
  const total = rate * seconds;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const i = Math.floor(Math.random() * clients);
    send(sockets[i] as Socket, roomOf(i), performance.now());
  }
  await new Promise((r) => setTimeout(r, 1500));
  for (const socket of sockets) socket.close();
  return { latencies, lost: total * expected - deliveries };
}

const report = (label: string, m: Measured) => {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  process.stdout.write(
    `${label.padEnd(30)} deliveries ${sorted.length.toLocaleString().padStart(7)}  p50 ${at(0.5).toFixed(1).padStart(6)} ms  p95 ${at(0.95).toFixed(1).padStart(6)} ms  p99 ${at(0.99).toFixed(1).padStart(6)} ms  missing ${m.lost}\n`,
  );
  return at(0.99);
};

// Baseline: a bare relay, same clients and rooms, no auth and no database.
const bare = createServer();
const relay = new Server(bare);
relay.on('connection', (socket) => {
  socket.on('join', (room: number) => void socket.join(`room:${room}`));
  socket.on(SOCKET_EVENTS.chatMessage, (m: { roomId: number; message: string }) =>
    socket.to(`room:${m.roomId}`).emit(SOCKET_EVENTS.chatMessageReceived, { content: m.message, sender: { id: 0 } }),
  );
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', () => resolve()));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
const bareResult = await run(
  bareUrl,
  async (i) => {
    const socket = connect(bareUrl, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.emit('join', roomOf(i));
    return socket;
  },
  (socket, roomId, sentAt) => socket.emit(SOCKET_EVENTS.chatMessage, { roomId, message: String(sentAt) }),
);
await relay.close();

const tokens = [] as string[];
for (let i = 0; i < clients; i += 20)
  tokens.push(...(await Promise.all(people.slice(i, i + 20).map((p) => token(p.email)))));
const [before] = await db.select({ n: count() }).from(chatMessages);
const ours = await run(
  base,
  async (i) => {
    const socket = connect(base, { transports: ['websocket'], reconnection: false, auth: { idToken: tokens[i] } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // An open conversation joins its room, as the web's thread does (and the bare relay's clients).
    await new Promise((resolve) => socket.emit(SOCKET_EVENTS.joinRoom, { roomId: roomOf(i) }, resolve));
    return socket;
  },
  (socket, roomId, sentAt) =>
    socket.emit(
      SOCKET_EVENTS.chatMessage,
      { roomId, message: String(sentAt), clientId: crypto.randomUUID() },
      () => {},
    ),
);
const [after] = await db.select({ n: count() }).from(chatMessages);

process.stdout.write(
  `\n${clients} clients, ${roomCount} rooms, ${rate} messages/s for ${seconds} s (${database.kind})\n`,
);
const baseline = report('bare Socket.IO relay (baseline)', bareResult);
const p99 = report('Fieldhouse (auth, stored, acked)', ours);
process.stdout.write(
  `stored ${(after?.n ?? 0) - (before?.n ?? 0)} of ${rate * seconds} messages; p99 ratio to the bare relay ${(p99 / baseline).toFixed(1)}×\n`,
);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
