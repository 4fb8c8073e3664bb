/**
 * Heap per idle socket: N authenticated websockets held open against the in-process server,
 * against a bare Socket.IO server (no auth, no app, same engine options) measured in the same run.
 * The clients run in a forked child, so this process's heap is the server's alone.
 * `node --expose-gc --import tsx bench/idle-sockets.ts [--sockets 10000 --users 10 --idle 35 --breakdown]`
 * (--breakdown: heap snapshots before and after, and what grew per socket, by constructor)
 * (PGlite in a temporary directory; DATABASE_URL=postgres://… for PostgreSQL.)
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeHeapSnapshot } from 'node:v8';
import { SOCKET } from '@fieldhouse/shared';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { benchPeople, startBenchApp } from './bench-app.ts';
import { growth } from './heap-breakdown.ts';

type Job = { url: string; tokens: string[]; count: number };
type Connected = { connected: number; failed: number; ms: number };
const BATCH = 250;

/** The child: opens `count` websockets in batches, reports, and holds them until told to close. */
async function holdClients() {
  const job = await new Promise<Job>((resolve) => process.once('message', (m) => resolve(m as Job)));
  const sockets: Socket[] = [];
  let failed = 0;
  const started = performance.now();
  for (let i = 0; i < job.count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, job.count - i) }, (_, j) => {
      const token = job.tokens[(i + j) % job.tokens.length];
      const socket = connect(job.url, {
        path: SOCKET.path,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token ? { auth: { idToken: token } } : {}),
      });
      sockets.push(socket);
      return new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', () => {
          failed++;
          resolve();
        });
      });
    });
    await Promise.all(batch);
  }
  const report: Connected = {
    connected: sockets.filter((s) => s.connected).length,
    failed,
    ms: performance.now() - started,
  };
  process.send?.(report);
  process.once('message', () => {
    for (const socket of sockets) socket.close();
    process.exit(0);
  });
  process.once('disconnect', () => process.exit(0));
}

if (process.argv.includes('--hold-clients')) {
  await holdClients();
} else {
  await measure();
}

async function measure() {
  const collect = globalThis.gc;
  if (!collect) {
    process.stderr.write('run with node --expose-gc --import tsx bench/idle-sockets.ts\n');
    process.exit(1);
  }
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string', default: '10000' },
      users: { type: 'string', default: '10' },
      // Longer than one heartbeat, so each socket has swapped its handshake frame for a ping's.
      idle: { type: 'string', default: String(SOCKET.heartbeatMs / 1000 + 5) },
      breakdown: { type: 'boolean', default: false },
    },
  });
  const [count, userCount, idleSeconds] = [values.sockets, values.users, values.idle].map(Number) as [
    number,
    number,
    number,
  ];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** heapUsed once the collector has nothing left to free. */
  const settledHeap = async () => {
    for (let i = 0; i < 4; i++) {
      collect();
      await sleep(50);
    }
    return process.memoryUsage();
  };

  type Measured = Connected & { heapKb: number; rssKb: number };
  /** Heap before the child connects and after its sockets have been idle for a while. */
  async function idleHeap(url: string, tokens: string[], open: () => number): Promise<Measured> {
    const child = fork(fileURLToPath(import.meta.url), ['--hold-clients'], { stdio: 'inherit' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const before = await settledHeap();
    const snapshotBefore = values.breakdown
      ? writeHeapSnapshot(join(tmpdir(), `idle-before-${process.pid}.heapsnapshot`))
      : '';
    const connected = new Promise<Connected>((resolve) => child.once('message', (m) => resolve(m as Connected)));
    child.send({ url, tokens, count } satisfies Job);
    const result = await connected;
    await sleep(idleSeconds * 1000);
    const after = await settledHeap();
    if (values.breakdown) {
      const snapshotAfter = writeHeapSnapshot(join(tmpdir(), `idle-after-${process.pid}.heapsnapshot`));
      process.stdout.write(`${growth(snapshotBefore, snapshotAfter, count)}\n`);
      if (!process.env.KEEP_SNAPSHOTS) {
        rmSync(snapshotBefore);
        rmSync(snapshotAfter);
      }
    }
    const serverSockets = open();
    child.send('close');
    await exited;
    for (let i = 0; i < 100 && open() > 0; i++) await sleep(100);
    return {
      ...result,
      connected: Math.min(result.connected, serverSockets),
      heapKb: (after.heapUsed - before.heapUsed) / 1024 / count,
      rssKb: (after.rss - before.rss) / 1024 / count,
    };
  }

  const bench = await startBenchApp();
  const { app, base, database } = bench;
  // A handful of people, each signed in once; their tokens are shared by all the sockets.
  const tokens = await (await benchPeople(bench, userCount, 'Idle')).signInAll();

  // Baseline: a bare Socket.IO server with the app's engine options, no auth, no handlers.
  const bare = createServer();
  const relay = new Server(bare, {
    path: SOCKET.path,
    pingInterval: SOCKET.heartbeatMs,
    pingTimeout: SOCKET.connectionTimeoutMs,
    maxHttpBufferSize: 2 * 1024 * 1024,
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', () => resolve()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
  process.stdout.write(`${count.toLocaleString()} idle websockets, ${idleSeconds} s idle, ${database.kind}…\n`);
  const baseline = await idleHeap(bareUrl, [], () => relay.engine.clientsCount);
  await relay.close();

  const ours = await idleHeap(base, tokens, () => app.io.engine.clientsCount);

  const report = (label: string, m: Measured) =>
    process.stdout.write(
      `${label.padEnd(36)} connected ${m.connected.toLocaleString().padStart(6)} in ${(m.ms / 1000).toFixed(1)} s (${m.failed} failed)  heap ${m.heapKb.toFixed(1).padStart(5)} KB/socket  rss ${m.rssKb.toFixed(1).padStart(5)} KB/socket\n`,
    );
  process.stdout.write(
    `\nserver side, ${userCount} users sharing ${count.toLocaleString()} sockets (${database.kind})\n`,
  );
  report('bare Socket.IO (baseline)', baseline);
  report('Fieldhouse (auth, handlers, rooms)', ours);
  process.stdout.write(`heap per socket ratio to the bare server ${(ours.heapKb / baseline.heapKb).toFixed(1)}×\n`);
  await bench.close();
  process.exit(0);
}
