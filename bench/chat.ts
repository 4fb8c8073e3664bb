/**
 * Chat under load: C authenticated clients in R group rooms, M messages per second sent for S
 * seconds, every message stored. Prints send→receive latency (p50/p95/p99) at the receivers,
 * against a bare Socket.IO relay (no auth, no database) measured in the same run.
 * The clients run in a forked child (the load generator), so the server's process is its own;
 * send and receive times are both read in the child, on one clock.
 * `DATABASE_URL=postgres://… node --import tsx bench/chat.ts [--clients 2000 --rooms 200 --rate 500 --seconds 10 --runs 3 --profile]`
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SOCKET, SOCKET_EVENTS } from '@fieldhouse/shared';
import { count } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { chatMessages, chatRoomMembers, chatRooms } from '../apps/server/src/db/schema/index.ts';
import { benchPeople, startBenchApp } from './bench-app.ts';
import { median } from './stats.ts';

/** What the parent asks the load generator to do. */
type Job = { url: string; bare: boolean; tokens: string[]; roomIds: number[]; rate: number; seconds: number };
type Measured = { latencies: number[]; ackLatencies: number[]; acked: number; failed: number; loopP99: number };
/** The child's messages: the sending phase starts and ends, then the figures. */
type FromChild = 'sending' | 'sent' | Measured;

if (process.argv.includes('--load')) await generateLoad();
else await measure();

/** The child: connects everyone, sends `rate` messages a second from random people, records delivery times. */
async function generateLoad() {
  const job = await new Promise<Job>((resolve) => process.once('message', (m) => resolve(m as Job)));
  const clients = job.roomIds.length;
  const sockets: Socket[] = [];
  for (let i = 0; i < clients; i += 100) {
    const batch = job.roomIds.slice(i, i + 100).map(async (roomId, j) => {
      const token = job.tokens[i + j];
      const socket = connect(job.url, {
        path: job.bare ? '/socket.io' : SOCKET.path,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token ? { auth: { idToken: token } } : {}),
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // An open conversation joins its room, as the web's thread does.
      await new Promise((resolve) => socket.emit(SOCKET_EVENTS.joinRoom, { roomId }, resolve));
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  // Let the connections' own work (presence, joins, the server's GC after 2,000 handshakes)
  // settle, so the run measures chat.
  await new Promise((r) => setTimeout(r, 5000));
  const latencies: number[] = [];
  for (const socket of sockets)
    socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { content: string }) =>
      latencies.push(performance.now() - Number(m.content)),
    );
  let acked = 0;
  let failed = 0;
  const ackLatencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  process.send?.('sending');
  const total = job.rate * job.seconds;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / job.rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const i = Math.floor(Math.random() * clients);
    const sentAt = performance.now();
    const payload = { roomId: job.roomIds[i], message: String(sentAt), clientId: crypto.randomUUID() };
    (sockets[i] as Socket).emit(SOCKET_EVENTS.chatMessage, payload, (ack?: { ok: boolean }) => {
      ackLatencies.push(performance.now() - sentAt);
      if (ack?.ok === false) failed++;
      else acked++;
    });
  }
  await new Promise((r) => setTimeout(r, 2000));
  loop.disable();
  process.send?.('sent');
  for (const socket of sockets) socket.close();
  process.send?.(
    { latencies, ackLatencies, acked, failed, loopP99: loop.percentile(99) / 1e6 } satisfies Measured,
    () => process.exit(0),
  );
}

async function measure() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '2000' },
      rooms: { type: 'string', default: '200' },
      rate: { type: 'string', default: '500' },
      seconds: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      // Writes a CPU profile of the server process while the load runs against it.
      profile: { type: 'boolean', default: false },
    },
  });
  const [clients, roomCount, rate, seconds, runs] = [
    values.clients,
    values.rooms,
    values.rate,
    values.seconds,
    values.runs,
  ].map(Number) as [number, number, number, number, number];
  const bench = await startBenchApp();
  const { db, database, base } = bench;
  process.stdout.write(`setting up ${clients} people in ${roomCount} rooms on ${database.kind}…\n`);
  const people = await benchPeople(bench, clients, 'Bench');
  const rooms = await db
    .insert(chatRooms)
    .values(
      Array.from({ length: roomCount }, (_, i) => ({
        organizationId: people.organizationId,
        kind: 'GROUP' as const,
        name: `Room ${i}`,
      })),
    )
    .returning({ id: chatRooms.id });
  const roomIds = people.ids.map((_, i) => rooms[i % roomCount]?.id as number);
  await db.insert(chatRoomMembers).values(people.ids.map((userId, i) => ({ roomId: roomIds[i] as number, userId })));
  const tokens = await people.signInAll();

  /** One run of the load generator against `url`, with this process's event-loop delay while sending. */
  async function run(url: string, bare: boolean) {
    const child = fork(fileURLToPath(import.meta.url), ['--load'], { stdio: 'inherit' });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const pauses: number[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push(entry.duration);
    });
    let profiling: Promise<() => Promise<string>> | undefined;
    let profile: Promise<string> | undefined;
    const result = new Promise<Measured>((resolve, reject) => {
      child.on('message', (m: FromChild) => {
        if (m === 'sending') {
          if (values.profile && !bare) profiling = startProfile();
          loop.enable();
          gc.observe({ entryTypes: ['gc'] });
        } else if (m === 'sent') {
          loop.disable();
          gc.disconnect();
          profile = profiling?.then((stop) => stop());
        } else resolve(m);
      });
      child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    });
    child.send({ url, bare, tokens: bare ? [] : tokens, roomIds, rate, seconds } satisfies Job);
    const measured = await result;
    if (profile) process.stdout.write(`CPU profile of the sending phase: ${await profile}\n`);
    return {
      ...measured,
      serverLoopP99: loop.percentile(99) / 1e6,
      serverLoopMax: loop.max / 1e6,
      gcPauses: pauses.length,
      gcMax: Math.max(0, ...pauses),
      gcTotal: pauses.reduce((a, b) => a + b, 0),
    };
  }

  // The relay sends to the other members; Fieldhouse to every member's channel, the sender's too.
  const perMessage = Math.round(clients / roomCount);
  const report = (label: string, m: Awaited<ReturnType<typeof run>>, expected: number) => {
    const percentile = (values: number[]) => {
      const sorted = values.sort((a, b) => a - b);
      return (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
    };
    const at = percentile(m.latencies);
    const ack = percentile(m.ackLatencies);
    const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    process.stdout.write(
      `${label.padEnd(34)} deliveries ${m.latencies.length.toLocaleString().padStart(7)} of ${expected.toLocaleString()}  p50 ${ms(at(0.5))}  p95 ${ms(at(0.95))}  p99 ${ms(at(0.99))}  max ${ms(at(1))}\n${''.padEnd(34)} ack p50 ${ms(ack(0.5))}  ack p99 ${ms(ack(0.99))}  event-loop delay p99: server ${ms(m.serverLoopP99)} (max ${ms(m.serverLoopMax)}), clients ${ms(m.loopP99)}; server GC ${m.gcPauses} pauses, ${ms(m.gcTotal)} in all, longest ${ms(m.gcMax)}\n`,
    );
    return at(0.99);
  };

  // Baseline: a bare relay, same clients and rooms, no auth and no database.
  const bareServer = createServer();
  const relay = new Server(bareServer);
  relay.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.joinRoom, ({ roomId }: { roomId: number }, ack: () => void) => {
      void socket.join(`room:${roomId}`);
      ack();
    });
    socket.on(SOCKET_EVENTS.chatMessage, (m: { roomId: number; message: string }, ack: () => void) => {
      socket.to(`room:${m.roomId}`).emit(SOCKET_EVENTS.chatMessageReceived, { content: m.message });
      ack();
    });
  });
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', () => resolve()));
  const bare = await run(`http://127.0.0.1:${(bareServer.address() as { port: number }).port}`, true);
  await relay.close();

  process.stdout.write(
    `\n${clients} clients, ${roomCount} rooms, ${rate} messages/s for ${seconds} s (${database.kind}), load generator in its own process\n`,
  );
  const baseline = report('bare Socket.IO relay (baseline)', bare, rate * seconds * (perMessage - 1));
  // Several runs against the same server: on two shared cores one run's tail is noisy.
  const p99s: number[] = [];
  for (let n = 1; n <= runs; n++) {
    const [before] = await db.select({ n: count() }).from(chatMessages);
    const ours = await run(base, false);
    const [after] = await db.select({ n: count() }).from(chatMessages);
    const p99 = report(`Fieldhouse run ${n} (auth, stored, acked)`, ours, rate * seconds * perMessage);
    p99s.push(p99);
    process.stdout.write(
      `${''.padEnd(34)} stored ${(after?.n ?? 0) - (before?.n ?? 0)} of ${rate * seconds} messages (${ours.acked} acked, ${ours.failed} refused); p99 ratio to the bare relay ${(p99 / baseline).toFixed(1)}×\n`,
    );
  }
  // With an even number of runs the median is the mean of the middle two, never the worst.
  process.stdout.write(
    `p99 over ${runs} runs: median ${median(p99s).toFixed(1)} ms, worst ${Math.max(...p99s).toFixed(1)} ms\n`,
  );
  await bench.close();
  process.exit(0);
}

/** Starts the V8 profiler in this process; the returned function stops it and names the file. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const file = join(tmpdir(), `chat-bench-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    return file;
  };
}
