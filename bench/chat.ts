/**
 * Chat under load: C authenticated clients in R group rooms, M messages per second sent for S
 * seconds, every message stored. Prints send→receive latency (p50/p95/p99) at the receivers,
 * against a bare Socket.IO relay (no auth, no database) measured in the same run, and on
 * PostgreSQL against that relay committing each message before it fans out and acks (one INSERT
 * a message): the floor the machine's disk sets for a stored, acked message.
 * The clients run in a forked child (the load generator), so the server's process is its own;
 * send and receive times are read on one clock, the machine's. `--generators N` runs the clients
 * in N such processes (with `--nodes`, the clients of a node in each): one process holding every
 * client makes the thousand reconnections of a restarting node's clients stall everyone's
 * receiving, which phones, each on its own, do not.
 * `DATABASE_URL=postgres://… node --import tsx bench/chat.ts [--clients 2000 --rooms 200 --rate 500 --seconds 10 --runs 3 --profile]`
 * (`--profile` with `--nodes`: every node writes a CPU profile of its whole life, a restarted one too)
 *
 * `--nodes 3` (with DATABASE_URL and REDIS_URL): the server is a cluster of that many processes
 * (`npm run cluster`'s, on a database of its own), and each room's members are spread over the
 * nodes, so every message crosses Redis. Clients connect to the nodes directly: the balancer is
 * sticky by client address, and here every client has the same one.
 * e.g. `--nodes 3 --clients 3000 --rooms 300 --rate 300`.
 * `--restart` (with --nodes): node 2 restarts a third into each run; its clients reconnect, resend
 * what was not acked and catch up from history, and every delivery is counted, live or caught up.
 * `--open 0.3`: only that share of the clients has its conversation open (each room's first
 * members); the others are absent, so every message also makes them a bell notification, as most
 * of a team room's members are when a message comes. Default 1: everyone is looking.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SOCKET, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { count, max } from 'drizzle-orm';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { chatMessages } from '../apps/server/src/db/schema/index.ts';
import { sendBatcher } from '../apps/server/src/modules/chat/send-batcher.ts';
import { type Cluster, startCluster } from '../apps/server/src/ops/cluster.ts';
import { freePorts } from '../apps/server/test/helpers/free-ports.ts';
import { catchUpHistory } from '../apps/server/test/helpers/history.ts';
import { dropRedisKeys } from '../apps/server/test/helpers/redis.ts';
import { benchPeople, benchRooms, startBenchApp } from './bench-app.ts';
import { median } from './stats.ts';

/** What the parent asks a load generator to do. */
type Job = {
  urls: string[];
  bare: boolean;
  tokens: string[];
  roomIds: number[];
  /** The clients this generator runs: indices into `urls`, `tokens` and `roomIds`. */
  clients: number[];
  /** This generator's share of the messages per second. */
  rate: number;
  seconds: number;
  /** A node restarts during the run: clients reconnect, resend what was not acked and catch up from history. */
  restart: boolean;
  /** The newest stored message before the run: where a catch-up starts for a client that saw none yet. */
  afterId: number;
  /** Clients `i < looking` have their conversation open (joined); the others are notified of each message. */
  looking: number;
};
/**
 * A generator's sends, once sending is over, and the union of every generator's: a receiver in one
 * generator judges a delivery by what happened to its sender in another.
 */
type Sends = {
  sent: { content: string; roomId: number }[];
  /** Sends from a client whose node was away, with when they were found so (the shared clock). */
  outage: [content: string, at: number][];
  /** Sends repeated after their ack did not come. */
  resent: string[];
};
type ToChild = ({ kind: 'job' } & Job) | { kind: 'go'; at: number } | ({ kind: 'sends' } & Sends);
type Measured = {
  /** Send → receive, live (with a restart: at the clients that stayed connected, from senders that did). */
  latencies: number[];
  ackLatencies: number[];
  acked: number;
  failed: number;
  /** Messages a client received a second time (the same send, the same receiver) that nobody resent. */
  duplicates: number;
  /** Live copies of a resent message (the server delivers a resend again; the apps merge it by id). */
  redelivered: number;
  loopP99: number;
  /** Clients that lost their connection and came back. */
  reconnected: number;
  /** Deliveries that reached a reconnected client, live or from history (send → seen). */
  reconnectedLatencies: number[];
  /** Deliveries to connected clients of messages sent from a node that was away (send → seen). */
  outageLatencies: number[];
  /** Of the deliveries to reconnected clients, how many came from history rather than live. */
  caughtUp: number;
  /** Live deliveries of messages the client had already read from history (merged by id, as the apps do). */
  liveAfterHistory: number;
  /** Reconnect → history read up to date, per reconnection. */
  catchUpMs: number[];
  /** Sends repeated after their ack did not come (same client id: stored once). */
  resent: number;
  /** With a restart: the second of sending each live latency's message was sent in (by index). */
  liveSecond: number[];
  /** With a restart: the load generator's longest stall in each second of sending. */
  stallBySecond: number[];
  /** Deliveries never made, live or from history, by whether the receiver and the sender stayed connected. */
  missing: { liveToConnected: number; outageToConnected: number; toReconnected: number };
};
/** A generator's messages: connected and settled, its sends once sending is over, then its figures. */
type FromChild = { kind: 'ready' } | ({ kind: 'sends' } & Sends) | ({ kind: 'measured' } & Measured);
const BASELINE = 'bare Socket.IO relay (baseline)';
const COMMITTING_BASELINE = 'relay committing each message';
/** With a restart, an ack not back in this time is sent again, as the apps' outbox does. */
const RESEND_AFTER_MS = 3000;

if (process.argv.includes('--load')) await generateLoad();
else await measure();

/**
 * A clock every process on this machine shares (ms since the epoch, below a millisecond): with
 * several generators a message is sent in one and received in another. A declaration, not a
 * constant: the bench runs from a top-level await above it.
 */
function clock() {
  return performance.timeOrigin + performance.now();
}

/**
 * Messages from the other side of the parent–generator channel, in order: `next(kind)` waits for
 * the next one, which must be of that kind. Both sides use it (a generator for the parent's,
 * the parent for each generator's).
 */
function inbox<M extends { kind: string }>(source: {
  on(event: 'message', listener: (m: M) => void): unknown;
  once(event: 'exit', listener: (code: number | null) => void): unknown;
}) {
  const queue: M[] = [];
  const waiting: { resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  let exited: Error | undefined;
  source.on('message', (m) => {
    const next = waiting.shift();
    if (next) next.resolve(m);
    else queue.push(m);
  });
  source.once('exit', (code) => {
    if (code === 0) return;
    exited = new Error(`load generator exited with ${code}`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });
  return <K extends M['kind']>(kind: K) =>
    new Promise<Extract<M, { kind: K }>>((resolve, reject) => {
      const take = (m: M) =>
        m.kind === kind
          ? resolve(m as Extract<M, { kind: K }>)
          : reject(new Error(`load generator channel: expected ${kind}, got ${m.kind}`));
      const queued = queue.shift();
      if (queued) take(queued);
      else if (exited) reject(exited);
      else waiting.push({ resolve: take, reject });
    });
}

/**
 * A load generator (a child): connects its clients, sends its share of the messages from random
 * ones of them when the parent says go, and records delivery times on the shared clock.
 */
async function generateLoad() {
  const receive = inbox<ToChild>(process);
  const job = await receive('job');
  const ids = job.clients;
  const sockets: Socket[] = [];
  for (let k = 0; k < ids.length; k += 100) {
    const batch = ids.slice(k, k + 100).map(async (i) => {
      const token = job.tokens[i];
      const socket = connect(job.urls[i] as string, {
        path: job.bare ? '/socket.io' : SOCKET.path,
        transports: ['websocket'],
        // The apps reconnect with these delays; without a restart nobody needs to.
        reconnection: job.restart,
        reconnectionDelay: SOCKET.reconnectionDelayMs,
        reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
        forceNew: true,
        ...(token ? { auth: { idToken: token } } : {}),
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // An open conversation joins its room, as the web's thread does.
      if (i < job.looking) await joinRoom(socket, job.roomIds[i] as number);
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  // Let the connections' own work (presence, joins, the server's GC after 2,000 handshakes)
  // settle, so the run measures chat.
  await new Promise((r) => setTimeout(r, 5000));
  // Deliveries to clients that stayed connected, judged once sending is over: whether a message
  // was sent into an outage is known only to its sender's generator.
  const connectedDeliveries: { content: string; latency: number; at: number }[] = [];
  const reconnectedLatencies: number[] = [];
  const catchUpMs: number[] = [];
  const catchingUp = new Set<Promise<void>>();
  // Per client: what it has seen (by content), live or at all, whether its node went away, the
  // newest id it saw live (where its catch-up starts) and its sends not acked yet.
  const state = sockets.map(() => ({
    seen: new Set<string>(),
    live: new Set<string>(),
    cutOff: false,
    lastId: job.afterId,
    unacked: new Set<string>(),
  }));
  const sent: { content: string; roomId: number }[] = [];
  // Sends from a client whose node was away (sent while cut off, or not acked when it was cut off):
  // their time includes the outage, so their deliveries from then on are counted apart.
  const outage = new Map<string, number>();
  const markOutage = (content: string) => {
    if (!outage.has(content)) outage.set(content, clock());
  };
  // Second live copies, judged at the end: a duplicate, or expected because its sender resent it.
  const liveAgain: string[] = [];
  const resentContents = new Set<string>();
  let caughtUp = 0;
  let liveAfterHistory = 0;
  let reconnected = 0;
  for (const [k, socket] of sockets.entries()) {
    // A message's content is its send time on the shared clock, unique per send (a resend keeps
    // it): delivered twice live is a duplicate, unless its sender resent it (the server delivers a
    // resend again, as its first delivery may have been lost). A message both in the history read
    // after a reconnect and live, in either order, is not: the apps merge the two by id.
    const i = ids[k] as number;
    const client = state[k] as (typeof state)[number];
    const deliver = (m: { id?: number; content: string }, live: boolean) => {
      if (m.id !== undefined && m.id > client.lastId) client.lastId = m.id;
      if (live) {
        if (client.live.has(m.content)) liveAgain.push(m.content);
        else if (client.seen.has(m.content)) liveAfterHistory++;
        client.live.add(m.content);
      }
      if (client.seen.has(m.content)) return;
      client.seen.add(m.content);
      const at = clock();
      const latency = at - Number.parseFloat(m.content);
      if (client.cutOff) reconnectedLatencies.push(latency);
      else connectedDeliveries.push({ content: m.content, latency, at });
      if (!live) caughtUp++;
    };
    socket.on(SOCKET_EVENTS.chatMessageReceived, (m: { id?: number; content: string }) => deliver(m, true));
    if (!job.restart) continue;
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      if (!client.cutOff) reconnected++;
      client.cutOff = true;
      for (const content of client.unacked) markOutage(content);
      // A node going away closes its sockets itself, and Socket.IO does not come back from a
      // server's close on its own: the apps connect again at once, and so does the bench.
      if (reason === 'io server disconnect') socket.connect();
    });
    // Back on a node: into the room again, then what was missed, from history (as the apps do).
    socket.on('connect', () => {
      const roomId = job.roomIds[i] as number;
      const from = clock();
      // Where the live messages stopped: ones arriving once the room is joined again come after the gap.
      const gapFrom = client.lastId;
      const work = (async () => {
        if (i < job.looking) await joinRoom(socket, roomId);
        for (const m of await catchUpHistory(job.urls[i] as string, job.tokens[i] as string, roomId, gapFrom))
          if (m.id > job.afterId) deliver(m, false); // the newest page can reach back into earlier runs
        catchUpMs.push(clock() - from);
      })();
      catchingUp.add(work);
      void work.finally(() => catchingUp.delete(work));
    });
  }
  let acked = 0;
  let failed = 0;
  let resent = 0;
  let pendingAcks = 0;
  const ackLatencies: number[] = [];
  process.send?.({ kind: 'ready' } satisfies FromChild);
  // Every generator starts at the same moment on the shared clock.
  const started = (await receive('go')).at;
  await new Promise((r) => setTimeout(r, Math.max(0, started - clock())));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // How late this process ran, at worst, in each second of sending: its own stalls (CPU it did
  // not get) show in every latency it measures.
  const stalls: number[] = [];
  let tick = clock();
  const stallTimer = setInterval(() => {
    const now = clock();
    const second = Math.floor((now - started) / 1000);
    if (second >= 0 && second < job.seconds) stalls[second] = Math.max(stalls[second] ?? 0, now - tick - 10);
    tick = now;
  }, 10);
  const total = Math.round(job.rate * job.seconds);
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / job.rate - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const k = Math.floor(Math.random() * ids.length);
    const i = ids[k] as number;
    const sentAt = clock();
    const content = String(sentAt);
    sent.push({ content, roomId: job.roomIds[i] as number });
    const payload = { roomId: job.roomIds[i], message: content, clientId: crypto.randomUUID() };
    const settle = (ack?: { ok: boolean }) => {
      ackLatencies.push(clock() - sentAt);
      if (ack?.ok === false) failed++;
      else acked++;
    };
    const socket = sockets[k] as Socket;
    if (!job.restart) {
      socket.emit(SOCKET_EVENTS.chatMessage, payload, settle);
      continue;
    }
    // Sent while the node is away it waits in the client's buffer; lost in a dying node it is
    // sent again with the same client id, which the server stores once.
    pendingAcks++;
    if (!socket.connected) markOutage(content);
    const { unacked } = state[k] as (typeof state)[number];
    unacked.add(content);
    const send = () =>
      socket
        .timeout(RESEND_AFTER_MS)
        .emit(SOCKET_EVENTS.chatMessage, payload, (error: Error | null, ack?: SocketAck<unknown>) => {
          // Stored, but Redis did not take its delivery (decision 043): the apps' outbox sends it
          // again a little later, and so does the bench.
          const unconfirmed = ack?.ok === false && ack.error.statusCode === 503;
          if (error || unconfirmed) {
            resent++;
            resentContents.add(content);
            if (unconfirmed) setTimeout(send, RESEND_AFTER_MS);
            // Not back yet: once it is (the buffered first try goes then too; the server keeps one).
            else if (socket.connected) send();
            else socket.once('connect', send);
            return;
          }
          pendingAcks--;
          unacked.delete(content);
          settle(ack);
        });
    send();
  }
  await new Promise((r) => setTimeout(r, 2000));
  // After a restart: until every send is acked and every reconnected client has caught up.
  const until = clock() + 60_000;
  while ((pendingAcks > 0 || catchingUp.size > 0 || sockets.some((s) => !s.connected)) && clock() < until)
    await new Promise((r) => setTimeout(r, 100));
  await Promise.all(catchingUp);
  await new Promise((r) => setTimeout(r, job.restart ? 1000 : 0));
  loop.disable();
  clearInterval(stallTimer);
  process.send?.({ kind: 'sends', sent, outage: [...outage], resent: [...resentContents] } satisfies FromChild);
  // Every generator's sends, to judge this one's deliveries by.
  const all = await receive('sends');
  const outageAt = new Map(all.outage);
  const resentAnywhere = new Set(all.resent);
  const latencies: number[] = [];
  const liveSecond: number[] = [];
  const outageLatencies: number[] = [];
  for (const d of connectedDeliveries) {
    const marked = outageAt.get(d.content);
    if (marked !== undefined && d.at >= marked) outageLatencies.push(d.latency);
    else {
      latencies.push(d.latency);
      if (job.restart) liveSecond.push(Math.floor((Number.parseFloat(d.content) - started) / 1000));
    }
  }
  const redelivered = liveAgain.filter((content) => resentAnywhere.has(content)).length;
  const missing = { liveToConnected: 0, outageToConnected: 0, toReconnected: 0 };
  const members = new Map<number, (typeof state)[number][]>();
  for (const [k, client] of state.entries()) {
    const roomId = job.roomIds[ids[k] as number] as number;
    members.set(roomId, [...(members.get(roomId) ?? []), client]);
  }
  for (const message of all.sent)
    for (const member of members.get(message.roomId) ?? []) {
      if (member.seen.has(message.content)) continue;
      if (member.cutOff) missing.toReconnected++;
      else if (outageAt.has(message.content)) missing.outageToConnected++;
      else missing.liveToConnected++;
    }
  for (const socket of sockets) socket.close();
  process.send?.(
    {
      kind: 'measured',
      latencies,
      ackLatencies,
      acked,
      failed,
      duplicates: liveAgain.length - redelivered,
      redelivered,
      loopP99: loop.percentile(99) / 1e6,
      reconnected,
      reconnectedLatencies,
      outageLatencies,
      caughtUp,
      liveAfterHistory,
      catchUpMs,
      resent,
      missing,
      liveSecond,
      stallBySecond: job.restart ? Array.from({ length: job.seconds }, (_, i) => stalls[i] ?? 0) : [],
    } satisfies FromChild,
    () => process.exit(0),
  );
}

/** Sorts `values` in place; the returned function gives a percentile of them (NaN for none). */
function percentile(values: number[]) {
  const sorted = values.sort((a, b) => a - b);
  return (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** A declaration, not a constant: the bench runs from a top-level await above it. */
function joinRoom(socket: Socket, roomId: number) {
  return new Promise((resolve) => socket.emit(SOCKET_EVENTS.joinRoom, { roomId }, resolve));
}

/** Forks a load generator for `job`; `next` waits for its next message, of the kind expected. */
function startGenerator(job: Job) {
  const child = fork(fileURLToPath(import.meta.url), ['--load'], { stdio: 'inherit' });
  const next = inbox<FromChild>(child);
  child.send({ kind: 'job', ...job } satisfies ToChild);
  return { send: (m: ToChild) => child.send(m), next };
}

/** The generators' figures as one run's: deliveries and counts summed, each second's stall the worst. */
function mergeMeasured(parts: Measured[], seconds: number) {
  const concat = (pick: (m: Measured) => number[]) => parts.flatMap(pick);
  const sum = (pick: (m: Measured) => number) => parts.reduce((total, m) => total + pick(m), 0);
  const latencies = concat((m) => m.latencies);
  const liveSecond = concat((m) => m.liveSecond);
  const bySecond = Array.from({ length: seconds }, (): number[] => []);
  for (const [k, second] of liveSecond.entries()) bySecond[second]?.push(latencies[k] as number);
  const restarted = parts.some((m) => m.stallBySecond.length > 0);
  return {
    latencies,
    ackLatencies: concat((m) => m.ackLatencies),
    acked: sum((m) => m.acked),
    failed: sum((m) => m.failed),
    duplicates: sum((m) => m.duplicates),
    redelivered: sum((m) => m.redelivered),
    loopP99: Math.max(...parts.map((m) => m.loopP99)),
    reconnected: sum((m) => m.reconnected),
    reconnectedLatencies: concat((m) => m.reconnectedLatencies),
    outageLatencies: concat((m) => m.outageLatencies),
    caughtUp: sum((m) => m.caughtUp),
    liveAfterHistory: sum((m) => m.liveAfterHistory),
    catchUpMs: concat((m) => m.catchUpMs),
    resent: sum((m) => m.resent),
    missing: {
      liveToConnected: sum((m) => m.missing.liveToConnected),
      outageToConnected: sum((m) => m.missing.outageToConnected),
      toReconnected: sum((m) => m.missing.toReconnected),
    },
    liveP99BySecond: restarted ? bySecond.map((second) => percentile(second)(0.99)) : [],
    stallBySecond: restarted
      ? Array.from({ length: seconds }, (_, i) => Math.max(...parts.map((m) => m.stallBySecond[i] ?? 0)))
      : [],
  };
}

async function measure() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '2000' },
      rooms: { type: 'string', default: '200' },
      rate: { type: 'string', default: '500' },
      seconds: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      nodes: { type: 'string', default: '1' },
      // With --nodes: the second node restarts (SIGTERM, start, healthy) a third into each run.
      restart: { type: 'boolean', default: false },
      // The share of clients with their conversation open; the others get a notification per message.
      open: { type: 'string', default: '1' },
      // Writes a CPU profile of the server process while the load runs against it.
      profile: { type: 'boolean', default: false },
      // Load generators, each a process with its share of the clients (node by node with --nodes).
      generators: { type: 'string', default: '1' },
    },
  });
  const [clients, roomCount, rate, seconds, runs, nodeCount] = [
    values.clients,
    values.rooms,
    values.rate,
    values.seconds,
    values.runs,
    values.nodes,
  ].map(Number) as [number, number, number, number, number, number];
  // A cluster's servers are other processes: each writes a profile of its whole life (Node's --cpu-prof).
  const nodeProfiles = values.profile && nodeCount > 1 ? mkdtempSync(join(tmpdir(), 'chat-bench-nodes-')) : undefined;
  if (values.restart && nodeCount < 2) throw new Error('--restart needs --nodes 2 or more');
  const open = Number(values.open);
  if (!(open >= 0 && open <= 1)) throw new Error('--open is a share, from 0 to 1');
  const generatorCount = Number(values.generators);
  if (!(Number.isInteger(generatorCount) && generatorCount >= 1 && generatorCount * roomCount <= clients))
    throw new Error('--generators is a whole number from 1 to clients / rooms');
  const clusterDatabase = nodeCount > 1 ? await createClusterDatabase() : undefined;
  const bench = await startBenchApp(clusterDatabase ? { DATABASE_URL: clusterDatabase.url } : {});
  const { db, database, base } = bench;
  process.stdout.write(`setting up ${clients} people in ${roomCount} rooms on ${database.kind}…\n`);
  const people = await benchPeople(bench, clients, 'Bench');
  const roomIds = await benchRooms(bench, people, roomCount);
  const cluster = clusterDatabase
    ? await startNodes(nodeCount, clusterDatabase.url, bench.dir, nodeProfiles)
    : undefined;
  const nodeUrls = cluster ? cluster.nodes.map((node) => node.url) : [base];
  // A room's members are people i, i + rooms, i + 2·rooms…: consecutive ones sit on different nodes.
  const urls = people.ids.map((_, i) => nodeUrls[Math.floor(i / roomCount) % nodeUrls.length] as string);
  const tokens = await people.signInAll(20, nodeUrls[0]);

  /**
   * One run of the load generators (client i connects to `urls[i]`; generator g runs the clients
   * whose node is g, modulo the generators), with this process's event-loop delay while sending.
   */
  async function run(urls: string[], bare: boolean, afterId = 0) {
    const restart = values.restart && !bare;
    let restarted: Promise<{ stopMs: number; startMs: number }> | undefined;
    const slices = Array.from({ length: generatorCount }, (): number[] => []);
    for (const i of urls.keys()) slices[Math.floor(i / roomCount) % generatorCount]?.push(i);
    const children = slices.map((slice) =>
      startGenerator({
        urls,
        bare,
        tokens: bare ? [] : tokens,
        roomIds,
        clients: slice,
        rate: (rate * slice.length) / clients,
        seconds,
        restart,
        afterId,
        looking: bare ? clients : Math.round(open * clients),
      }),
    );
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const pauses: number[] = [];
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push(entry.duration);
    });
    await Promise.all(children.map((child) => child.next('ready')));
    const at = clock() + 200;
    for (const child of children) child.send({ kind: 'go', at });
    await new Promise((r) => setTimeout(r, Math.max(0, at - clock())));
    const profiling = values.profile && !bare && !cluster ? startProfile() : undefined;
    if (restart && cluster)
      restarted = new Promise((r) => setTimeout(r, (seconds * 1000) / 3)).then(() => cluster.restart(1));
    loop.enable();
    gc.observe({ entryTypes: ['gc'] });
    const sends = await Promise.all(children.map((child) => child.next('sends')));
    loop.disable();
    gc.disconnect();
    const profile = profiling?.then((stop) => stop());
    const all: Sends = {
      sent: sends.flatMap((s) => s.sent),
      outage: sends.flatMap((s) => s.outage),
      resent: sends.flatMap((s) => s.resent),
    };
    for (const child of children) child.send({ kind: 'sends', ...all });
    const parts = await Promise.all(children.map((child) => child.next('measured')));
    const timing = await restarted;
    if (profile) process.stdout.write(`CPU profile of the sending phase: ${await profile}\n`);
    const measured = mergeMeasured(parts, seconds);
    return {
      ...measured,
      serverLoopP99: loop.percentile(99) / 1e6,
      serverLoopMax: loop.max / 1e6,
      gcPauses: pauses.length,
      gcMax: Math.max(0, ...pauses),
      gcTotal: pauses.reduce((a, b) => a + b, 0),
      restartMs: timing && timing.stopMs + timing.startMs,
      restartStopMs: timing?.stopMs,
    };
  }

  // The relay sends to the other members; Fieldhouse to every member's channel, the sender's too.
  const perMessage = Math.round(clients / roomCount);
  const report = (label: string, m: Awaited<ReturnType<typeof run>>, expected: number) => {
    const at = percentile(m.latencies);
    const ack = percentile(m.ackLatencies);
    const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    // A cluster's servers are other processes: this one's loop and GC would say nothing of them.
    const server = (r: typeof m) =>
      cluster && label !== BASELINE && label !== COMMITTING_BASELINE
        ? ''
        : `server ${ms(r.serverLoopP99)} (max ${ms(r.serverLoopMax)}), server GC ${r.gcPauses} pauses, ${ms(r.gcTotal)} in all, longest ${ms(r.gcMax)}; `;
    const delivered = m.latencies.length + m.reconnectedLatencies.length + m.outageLatencies.length;
    process.stdout.write(
      `${label.padEnd(34)} deliveries ${delivered.toLocaleString().padStart(7)} of ${expected.toLocaleString()} (${m.duplicates} duplicated${m.redelivered ? `, ${m.redelivered} delivered again for a resend` : ''})  p50 ${ms(at(0.5))}  p95 ${ms(at(0.95))}  p99 ${ms(at(0.99))}  max ${ms(at(1))}\n${''.padEnd(34)} ack p50 ${ms(ack(0.5))}  ack p99 ${ms(ack(0.99))}  event-loop delay p99: ${server(m)}clients ${ms(m.loopP99)}${generatorCount > 1 ? ' (the worst generator)' : ''}\n`,
    );
    if (m.restartMs !== undefined) {
      const back = percentile(m.reconnectedLatencies);
      const catchUp = percentile(m.catchUpMs);
      const late = percentile(m.outageLatencies);
      process.stdout.write(
        `${''.padEnd(34)} restart: node 2 stopped and healthy again in ${(m.restartMs / 1000).toFixed(1)} s (its stop ${((m.restartStopMs ?? 0) / 1000).toFixed(1)} s); ${m.reconnected} clients reconnected, ${m.reconnectedLatencies.length.toLocaleString()} deliveries to them (${m.caughtUp.toLocaleString()} from history, ${m.liveAfterHistory} of those live as well, catch-up p50 ${ms(catchUp(0.5))}, max ${ms(catchUp(1))}), send → seen p50 ${ms(back(0.5))}, max ${ms(back(1))}; ${m.outageLatencies.length.toLocaleString()} deliveries to the others of messages sent into the outage (send → seen p50 ${ms(late(0.5))}, max ${ms(late(1))}), ${m.resent} sends repeated; not delivered: ${JSON.stringify(m.missing)}; p50/p95/p99 above are the live traffic: connected senders to connected receivers; its p99 by second sent (the restart began in second ${Math.floor(seconds / 3) + 1}): ${m.liveP99BySecond.map((v) => v.toFixed(0)).join(', ')} ms (the load ${generatorCount > 1 ? "generators' (the worst)" : "generator's"} longest stall in each: ${m.stallBySecond.map((v) => v.toFixed(0)).join(', ')} ms)\n`,
      );
    }
    return at(0.99);
  };

  // Baselines: a bare relay, same clients and rooms, no auth and no database; on PostgreSQL also
  // the same relay committing each message (one INSERT, its own commit) before it fans it out and
  // acks: the floor this machine's disk and database set for "stored, then acked".
  const relayed = (relayUrl: string) =>
    run(
      urls.map(() => relayUrl),
      true,
    );
  const bare = await relayRun(relayed);
  const committingUrl = clusterDatabase?.url ?? (database.kind === 'postgres' ? process.env.DATABASE_URL : undefined);
  const committing = committingUrl ? await committingRelayRun(committingUrl, relayed) : undefined;

  process.stdout.write(
    `\n${clients} clients, ${roomCount} rooms, ${rate} messages/s for ${seconds} s (${database.kind}${cluster ? `, ${nodeCount} nodes over Redis, each room's members on every node` : ''}), ${generatorCount > 1 ? `${generatorCount} load generators, each in its own process` : 'load generator in its own process'}\n`,
  );
  const baseline = report(BASELINE, bare, rate * seconds * (perMessage - 1));
  const floor = committing && report(COMMITTING_BASELINE, committing, rate * seconds * (perMessage - 1));
  // Several runs against the same server: on two shared cores one run's tail is noisy.
  const p99s: number[] = [];
  for (let n = 1; n <= runs; n++) {
    const [before] = await db.select({ n: count(), newest: max(chatMessages.id) }).from(chatMessages);
    const batchedBefore = sendBatcher(db).stats();
    const ours = await run(urls, false, Number(before?.newest ?? 0));
    const batched = sendBatcher(db).stats();
    const [after] = await db.select({ n: count() }).from(chatMessages);
    const p99 = report(`Fieldhouse run ${n} (auth, stored, acked)`, ours, rate * seconds * perMessage);
    p99s.push(p99);
    process.stdout.write(
      `${''.padEnd(34)} stored ${(after?.n ?? 0) - (before?.n ?? 0)} of ${rate * seconds} messages (${ours.acked} acked, ${ours.failed} refused)${groupCommit(batchedBefore, batched)}; p99 ratio to the bare relay ${(p99 / baseline).toFixed(1)}×${floor ? `, to the committing relay ${(p99 / floor).toFixed(1)}×` : ''}\n`,
    );
  }
  // With an even number of runs the median is the mean of the middle two, never the worst.
  process.stdout.write(
    `p99 over ${runs} runs: median ${median(p99s).toFixed(1)} ms, worst ${Math.max(...p99s).toFixed(1)} ms\n`,
  );
  await cluster?.stop();
  if (nodeProfiles) process.stdout.write(`CPU profiles of the nodes (each a node's whole life): ${nodeProfiles}\n`);
  await bench.close();
  await clusterDatabase?.drop();
  if (cluster) await dropRedisKeys(process.env.REDIS_URL as string, redisPrefix());
  process.exit(0);
}

type RelayStore = (message: string) => Promise<unknown>;

/** A bare Socket.IO relay on a port of its own, for one load-generator run; `store` goes before fan-out and ack. */
async function relayRun<T>(run: (url: string) => Promise<T>, store?: RelayStore) {
  const server = createServer();
  const relay = new Server(server);
  relay.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.joinRoom, ({ roomId }: { roomId: number }, ack: () => void) => {
      void socket.join(`room:${roomId}`);
      ack();
    });
    socket.on(SOCKET_EVENTS.chatMessage, async (m: { roomId: number; message: string }, ack: () => void) => {
      await store?.(m.message);
      socket.to(`room:${m.roomId}`).emit(SOCKET_EVENTS.chatMessageReceived, { content: m.message });
      ack();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    return await run(url);
  } finally {
    await relay.close();
  }
}

/** The relay with every message committed first: one INSERT a message, its own transaction, a pool of 10 as the server's. */
async function committingRelayRun<T>(databaseUrl: string, run: (url: string) => Promise<T>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const table = 'bench_committing_relay';
  await pool.query(`create table if not exists ${table} (id bigserial primary key, body text not null)`);
  try {
    return await relayRun(run, (body) => pool.query(`insert into ${table} (body) values ($1)`, [body]));
  } finally {
    await pool.query(`drop table ${table}`);
    await pool.end();
  }
}

/** How this process's sends were grouped (a cluster's nodes are other processes: nothing to say). */
function groupCommit(before: { statements: number; sends: number }, after: { statements: number; sends: number }) {
  const statements = after.statements - before.statements;
  if (statements === 0) return '';
  return ` by ${statements.toLocaleString()} statements, ${((after.sends - before.sends) / statements).toFixed(1)} sends each`;
}

/** A database of the bench's own on DATABASE_URL's server, for the cluster's nodes and this process. */
async function createClusterDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !process.env.REDIS_URL) throw new Error('--nodes needs DATABASE_URL and REDIS_URL');
  const name = `fieldhouse_bench_cluster_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A function, not a constant: the bench runs from a top-level await above its declarations. */
function redisPrefix() {
  return `fieldhouse-bench-${process.pid}`;
}

/** `count` server processes on the bench's database and Redis, as `npm run cluster` starts them. */
async function startNodes(count: number, databaseUrl: string, dir: string, profiles?: string): Promise<Cluster> {
  const ports = await freePorts(count + 1);
  process.stdout.write(`starting ${count} nodes…\n`);
  return startCluster({
    nodes: count,
    port: ports[0] as number,
    nodePorts: ports.slice(1),
    databaseUrl,
    redisUrl: process.env.REDIS_URL as string,
    redisPrefix: redisPrefix(),
    // The bench app's own secret: the accounts it created sign in on every node.
    identitySecret: 'b'.repeat(64),
    dataDir: join(dir, 'cluster-files'),
    env: {
      SEED_DEMO: 'false',
      IDENTITY_RATE_LIMIT: '100000000',
      LOG_LEVEL: 'warn',
      ...(profiles ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` } : {}),
    },
  });
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
