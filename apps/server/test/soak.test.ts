/**
 * Soak (the words): 50 clients, 5,000 messages, random disconnects and one server
 * restart; every acked message is stored once and seen by every member after catch-up.
 * Each client keeps an outbox that it resends with the same client ids after reconnecting, and
 * catches up each room from the last message it has seen there.
 *
 * Found on PostgreSQL: sends to one room commit in id order (the room's row is locked first), but
 * the server hears of the commits, and so announces them, a few ms out of that order now and then
 * (the backend that committed first can answer last). A client that drops in between and then
 * catches up after its highest id would lose the lower one, so the cursor moves past a live
 * message only once the client has stayed connected SETTLE_MS after it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatMessage, SOCKET_EVENTS, type SocketAck } from '@fieldhouse/shared';
import { and, asc, count, eq, gt, inArray, max } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { chatMessages, chatRoomMembers, coaches, teamCoaches, teamMembers, teams } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/db.ts';
import { buildSchool } from './helpers/directory.ts';
import { buildUser, signInAs } from './helpers/factories.ts';

const CLIENTS = 50;
const MESSAGES = 5000;
/** Messages waiting for their ack at once, over all clients: a busy school, not a benchmark. */
const IN_FLIGHT = 32;
const SETTLE_MS = 1000;

type Outgoing = { roomId: number; message: string; messageType: 'TEXT'; clientId: string };
type Client = {
  userId: number;
  rooms: number[];
  socket: Socket;
  /** The outbox: sent or not, until acked. */
  pending: Map<string, Outgoing>;
  /** Each room's view: ids of the messages this person has, live or caught up. */
  views: Map<number, Set<number>>;
  /** Per room, the id up to which the view is known to be complete: where a catch-up starts. */
  lastSeen: Map<number, number>;
  /** Caught up since the last connect: only then may a live message move `lastSeen`. */
  synced: boolean;
  /** Counts disconnects, so a catch-up of an earlier connection does not mark this one synced. */
  generation: number;
  live: Set<number>;
  /** Held offline by the chaos loop. */
  held: boolean;
  retry?: NodeJS.Timeout | undefined;
  sync: Promise<void>;
};

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;

it('keeps every acked message once and shows it to every member, through drops and a restart', async ({ annotate }) => {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-soak-'));
  const database = await createTestDatabase();
  let app: TestApp = await buildTestApp({ DATA_DIR: dataDir }, database);
  const clients: Client[] = [];
  let stopped = false;
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(url).port);
    const { db } = database;

    // People: a school's directory plus athletes and coaches, on 8 teams; 2 direct rooms.
    const school = await buildSchool(app);
    const newTeams = await db
      .insert(teams)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          organizationId: school.org.id,
          sportId: school.sport.id,
          name: `Soak Team ${i}`,
          gender: 'BOYS' as const,
          season: 'FALL' as const,
          schoolYear: '2026-27',
        })),
      )
      .returning();
    const allTeams = [school.varsity, school.jv, ...newTeams];
    const person = (i: number, role: 'ATHLETE' | 'COACH') =>
      buildUser(app, {
        role,
        firstName: `Soak${i}`,
        organizationId: school.org.id,
        // Half the athletes are minors: their rooms then follow the safeguarding rules too.
        dateOfBirth: i % 2 ? '2001-04-01' : null,
      });
    const athletes = await Promise.all(Array.from({ length: 36 }, (_, i) => person(i, 'ATHLETE')));
    const teamCoachUsers = await Promise.all(newTeams.map((_, i) => person(100 + i, 'COACH')));
    await db.insert(teamMembers).values(
      athletes.flatMap((athlete, i) => [
        { teamId: allTeams[i % 8]?.id as number, userId: athlete.id },
        // Every sixth athlete plays on two teams, so some people are in several rooms.
        ...(i % 6 === 0 ? [{ teamId: allTeams[(i + 3) % 8]?.id as number, userId: athlete.id }] : []),
      ]),
    );
    const coachRows = await db
      .insert(coaches)
      .values(teamCoachUsers.map((c) => ({ userId: c.id, title: 'Head Coach' })))
      .returning();
    await db
      .insert(teamCoaches)
      .values(coachRows.map((c, i) => ({ coachId: c.id, teamId: newTeams[i]?.id as number, role: 'HEAD' as const })));

    const people = [
      school.superAdmin,
      school.director,
      school.administrator,
      school.assistant,
      school.coach,
      school.athlete,
      school.athlete2,
      school.parent,
      ...athletes,
      ...teamCoachUsers,
    ];
    expect(people).toHaveLength(CLIENTS);
    const tokens = new Map<number, string>();
    // Everyone signs in once; the tokens outlive the restart (same identity secret and keys).
    for (let i = 0; i < people.length; i += 10) {
      const batch = people.slice(i, i + 10);
      const signed = await Promise.all(batch.map((p) => signInAs(app, p.email)));
      for (const [j, p] of batch.entries()) tokens.set(p.id, signed[j]?.idToken as string);
    }
    const api = (userId: number, path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${tokens.get(userId)}`, 'content-type': 'application/json' },
      });

    for (const team of allTeams) {
      const [member] = await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
      expect((await api(member?.userId as number, `/api/chat/teams/${team.id}/rooms`)).status).toBe(200);
    }
    for (const [a, b] of [
      [school.director, school.administrator],
      [school.assistant, school.superAdmin],
    ] as const) {
      const res = await api(a.id, '/api/chat/rooms/direct', { method: 'POST', body: JSON.stringify({ userId: b.id }) });
      expect(res.status).toBe(200);
    }
    const memberships = await db.select().from(chatRoomMembers);
    const roomIds = [...new Set(memberships.map((m) => m.roomId))];
    expect(roomIds).toHaveLength(10);
    // Setting up rooms posts their system notes (who joined, who is present for safeguarding); the
    // run checks only the messages it sends, all of which come after these.
    const [{ setup }] = (await db
      .select({ setup: max(chatMessages.id) })
      .from(chatMessages)
      .where(inArray(chatMessages.roomId, roomIds))) as [{ setup: number | null }];
    const baseline = setup ?? 0;
    const sentInRun = and(inArray(chatMessages.roomId, roomIds), gt(chatMessages.id, baseline));

    // Bookkeeping of what the clients saw, and anything that went wrong along the way.
    const problems: string[] = [];
    const acked = new Map<string, number>();
    const contents = new Map<string, string>();
    const resentContents = new Set<string>();
    let inFlight = 0;
    let wake: (() => void) | undefined;
    const stats = { disconnects: 0, resent: 0, caughtUp: 0, catchUpRetries: 0 };

    const see = (client: Client, message: ChatMessage, live: boolean) => {
      if (message.id <= baseline) return;
      const view = client.views.get(message.chatRoom.id);
      if (!view) return problems.push(`user ${client.userId} got message ${message.id} of a room they are not in`);
      // A resent message is delivered again (its first delivery may have been lost); anything
      // else heard live twice is a fault.
      if (live && client.live.has(message.id) && !resentContents.has(message.content))
        problems.push(`user ${client.userId} got message ${message.id} live twice`);
      if (live) client.live.add(message.id);
      else if (!view.has(message.id)) stats.caughtUp++;
      view.add(message.id);
      const roomId = message.chatRoom.id;
      const advance = () => client.lastSeen.set(roomId, Math.max(client.lastSeen.get(roomId) ?? 0, message.id));
      if (!live) return advance();
      // A live message moves the cursor only once the catch-up after a drop is done (it may jump
      // a gap not filled yet), and only after SETTLE_MS still connected: two sends to one room can
      // be announced out of id order (see the file's comment), and the lower one must not be lost.
      if (!client.synced) return;
      const generation = client.generation;
      setTimeout(() => generation === client.generation && advance(), SETTLE_MS);
    };

    const send = (client: Client, payload: Outgoing) =>
      client.socket.emit(SOCKET_EVENTS.chatMessage, payload, (ack: SocketAck<ChatMessage>) => {
        if (!ack.ok) return problems.push(`${payload.clientId}: ${ack.error.statusCode} ${ack.error.message}`);
        const known = acked.get(payload.clientId);
        if (known !== undefined && known !== ack.data.id) problems.push(`${payload.clientId} acked as two messages`);
        acked.set(payload.clientId, ack.data.id);
        if (client.pending.delete(payload.clientId)) {
          inFlight--;
          wake?.();
        }
      });

    /** Pages forward from the last message seen until the server has nothing newer. */
    const catchUp = async (client: Client, roomId: number) => {
      let after = client.lastSeen.get(roomId) ?? 0;
      for (;;) {
        const res = await api(client.userId, `/api/chat/rooms/${roomId}/messages?after=${after}&limit=100`);
        if (res.status !== 200) throw new Error(`catch-up answered ${res.status}`);
        const { data } = (await res.json()) as { data: { messages: ChatMessage[]; hasNewer: boolean } };
        for (const message of data.messages) {
          if (message.id <= after) problems.push(`room ${roomId} history out of order at ${message.id}`);
          after = message.id;
          see(client, message, false);
        }
        if (!data.hasNewer) return;
      }
    };

    const reconnectSoon = (client: Client) => {
      if (stopped || client.held || client.retry) return;
      client.retry = setTimeout(
        () => {
          client.retry = undefined;
          if (!stopped && !client.held && !client.socket.connected) client.socket.connect();
        },
        50 + Math.random() * 100,
      );
    };

    // On every connect: open the rooms, resend the outbox, catch up (again until it works, e.g.
    // a request on a connection the old server closed). A drop midway: the next connect redoes it.
    const onConnect = async (client: Client) => {
      const generation = client.generation;
      for (const roomId of client.rooms)
        client.socket.emit(SOCKET_EVENTS.joinRoom, { roomId }, (ack: SocketAck) => {
          if (!ack.ok) problems.push(`join ${roomId}: ${ack.error.message}`);
        });
      for (const payload of client.pending.values()) {
        stats.resent++;
        resentContents.add(payload.message);
        send(client, payload);
      }
      while (!stopped && generation === client.generation) {
        try {
          await Promise.all(client.rooms.map((roomId) => catchUp(client, roomId)));
          if (generation === client.generation) client.synced = true;
          return;
        } catch {
          stats.catchUpRetries++;
          await sleep(100);
        }
      }
    };

    for (const p of people) {
      const rooms = memberships.filter((m) => m.userId === p.id).map((m) => m.roomId);
      expect(rooms.length, `user ${p.id} is in a room`).toBeGreaterThan(0);
      const client: Client = {
        userId: p.id,
        rooms,
        socket: connect(url, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { idToken: tokens.get(p.id) },
        }),
        pending: new Map(),
        views: new Map(rooms.map((r) => [r, new Set<number>()])),
        lastSeen: new Map(rooms.map((r) => [r, baseline])),
        synced: false,
        generation: 0,
        live: new Set(),
        held: false,
        sync: Promise.resolve(),
      };
      client.socket.on('connect', () => {
        client.sync = onConnect(client);
      });
      client.socket.on('disconnect', () => {
        client.synced = false;
        client.generation++;
        reconnectSoon(client);
      });
      client.socket.on('connect_error', () => reconnectSoon(client));
      client.socket.on(SOCKET_EVENTS.chatMessageReceived, (message: ChatMessage) => see(client, message, true));
      clients.push(client);
    }
    await expect.poll(() => clients.every((c) => c.socket.connected), { timeout: 10_000 }).toBe(true);
    const ready = Date.now();

    // Chaos: every 100 ms someone drops for 0.1–0.5 s.
    const chaos = setInterval(() => {
      const client = pick(clients);
      if (!client.socket.connected) return;
      stats.disconnects++;
      client.held = true;
      client.socket.disconnect();
      setTimeout(
        () => {
          client.held = false;
          reconnectSoon(client);
        },
        100 + Math.random() * 400,
      );
    }, 100);

    const restart = async () => {
      await app.close();
      app = await buildTestApp({ DATA_DIR: dataDir }, database);
      await app.listen({ port, host: '127.0.0.1' });
    };

    try {
      for (let n = 0; n < MESSAGES; n++) {
        // The restart lands while messages are in flight: their acks are lost and they are resent.
        if (n === MESSAGES / 2) await restart();
        while (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
        const client = pick(clients);
        const payload: Outgoing = {
          roomId: pick(client.rooms),
          message: `soak ${n}`,
          messageType: 'TEXT',
          clientId: randomUUID(),
        };
        contents.set(payload.clientId, payload.message);
        client.pending.set(payload.clientId, payload);
        inFlight++;
        if (client.socket.connected) send(client, payload);
      }
    } finally {
      clearInterval(chaos);
    }
    const sent = Date.now();

    // Everyone back, every outbox empty; then live deliveries settle and everyone catches up.
    await expect
      .poll(() => problems.length > 0 || clients.every((c) => c.socket.connected && c.pending.size === 0), {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(true);
    expect(problems).toEqual([]);
    await Promise.all(clients.map((c) => c.sync));
    await sleep(SETTLE_MS + 200);
    for (const client of clients) for (const roomId of client.rooms) await catchUp(client, roomId);

    expect(problems).toEqual([]);
    expect(acked.size).toBe(MESSAGES);
    const copies = await db
      .select({ clientId: chatMessages.clientId, copies: count() })
      .from(chatMessages)
      .where(sentInRun)
      .groupBy(chatMessages.clientId);
    expect(copies.filter((c) => c.copies !== 1 || !c.clientId || !acked.has(c.clientId))).toEqual([]);
    const stored = await db
      .select({
        id: chatMessages.id,
        roomId: chatMessages.roomId,
        clientId: chatMessages.clientId,
        content: chatMessages.content,
      })
      .from(chatMessages)
      .where(sentInRun)
      .orderBy(asc(chatMessages.id));
    expect(stored).toHaveLength(MESSAGES);
    expect(
      stored.filter(
        (m) => acked.get(m.clientId as string) !== m.id || contents.get(m.clientId as string) !== m.content,
      ),
    ).toEqual([]);

    // Each member's view, in stored order, is exactly their rooms' messages.
    const differences: string[] = [];
    for (const client of clients)
      for (const roomId of client.rooms) {
        const expected = stored.filter((m) => m.roomId === roomId).map((m) => m.id);
        const view = [...(client.views.get(roomId) ?? [])].sort((a, b) => a - b);
        if (view.join() !== expected.join())
          differences.push(
            `user ${client.userId} room ${roomId}: ${view.length} of ${expected.length}, missing ${expected
              .filter((id) => !client.views.get(roomId)?.has(id))
              .slice(0, 10)}`,
          );
      }
    expect(differences).toEqual([]);
    // The run really dropped people and made them catch up.
    expect(stats.disconnects).toBeGreaterThan(20);
    expect(stats.caughtUp).toBeGreaterThan(0);
    await annotate(
      `${MESSAGES} messages, ${clients.length} clients, ${roomIds.length} rooms on ${database.kind}: ` +
        `${stats.disconnects} drops, ${stats.resent} resends, ${stats.caughtUp} caught up ` +
        `(${stats.catchUpRetries} catch-ups retried), ` +
        `set-up ${seconds(started, ready)}, sending ${seconds(ready, sent)}, catch-up and checks ${seconds(sent, Date.now())}`,
    );
  } finally {
    stopped = true;
    for (const client of clients) {
      clearTimeout(client.retry);
      client.socket.close();
    }
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 300_000);
