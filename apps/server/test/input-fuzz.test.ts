/**
 * No 500 from client input (issue #15, "what to build" 3): a property-based test generates
 * bodies, queries and params for every route of the OpenAPI document, and payloads for every
 * client socket event, sent by every kind of person and by nobody. It fails on any 5xx answer
 * and on any event left without an acknowledgement. RUNS_PER_ROUTE requests per route and
 * RUNS_PER_EVENT payloads per event; a failure prints fast-check's seed and the shrunk input.
 */
import {
  fileChunkSchema,
  fileUploadCompleteSchema,
  fileUploadErrorSchema,
  messageEditSchema,
  messageUnsendSchema,
  outgoingMessageSchema,
  pollCreateSchema,
  pollVoteSchema,
  presenceQuerySchema,
  presenceSchema,
  type Role,
  roomRefSchema,
  SOCKET_EVENTS,
  type SocketAck,
} from '@fieldhouse/shared';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarEvents, chatRooms, organizations, users } from '../src/db/schema/index.ts';
import { buildTestApp } from './helpers/app.ts';
import { bodyFor, type JsonSchema, junkString, type Known, textFor } from './helpers/arbitraries.ts';
import { as, buildSchool } from './helpers/directory.ts';
import { buildUser, signInAs } from './helpers/factories.ts';

const RUNS_PER_ROUTE = 200;
const RUNS_PER_EVENT = 100;

type Parameter = { in: 'path' | 'query'; name: string; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const app = await buildTestApp();
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const document = app.swagger() as unknown as OpenApi;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);

const ACTORS: Role[] = ['SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'COACH', 'ATHLETE', 'PARENT'];
type Actor = { user: typeof users.$inferSelect; idToken: string };
const actors = new Map<Role, Actor>();
const known: Known = { ids: [], uuids: [] };
let organizationId = 0;

beforeAll(async () => {
  // What requests act on: two schools with rooms, messages and an event, made before the
  // actors so that the small ids fast-check favours are theirs, not the actors'.
  const school = await buildSchool(app, 'Westfield High');
  await buildSchool(app, 'Eastview Academy');
  organizationId = school.org.id;
  const coach = await as(app, school.coach);
  await coach.post('/api/chat/rooms/direct', { userId: school.athlete.id });
  await coach.get(`/api/chat/teams/${school.varsity.id}/rooms`);
  await (await as(app, school.director)).post('/api/calendar/events', {
    type: 'PRACTICE',
    title: 'Practice',
    teamId: school.varsity.id,
    start: '2026-12-01T15:30',
    end: '2026-12-01T17:00',
  });
  const db = app.testDatabase.db;
  const [people, rooms, events] = await Promise.all([
    db.select({ id: users.id, uuid: users.uuid }).from(users),
    db.select({ id: chatRooms.id, uuid: chatRooms.uuid }).from(chatRooms),
    db.select({ id: calendarEvents.id }).from(calendarEvents),
  ]);
  known.ids = [...new Set([...people, ...rooms, ...events].map((r) => r.id))];
  known.uuids = [...people, ...rooms].map((r) => r.uuid);
  for (const role of ACTORS) {
    const user = await buildUser(app, { role, firstName: `Fuzz ${role}`, organizationId, dateOfBirth: null });
    actors.set(role, { user, idToken: (await signInAs(app, user.email)).idToken });
  }
}, 120_000);
afterAll(async () => {
  await app.close();
});

/**
 * Generated requests may suspend, demote or delete an actor, or deactivate their school. Each
 * route starts with them as they were, so every route is tried by every kind of person.
 */
async function restoreActors() {
  const db = app.testDatabase.db;
  await db.update(organizations).set({ deactivatedAt: null }).where(eq(organizations.id, organizationId));
  for (const [role, actor] of actors) {
    await db.update(users).set({ role, status: 'ACTIVE', organizationId }).where(eq(users.id, actor.user.id));
    if (actor.user.identitySub) await app.identity.admin.enableUser(actor.user.identitySub);
    const me = await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${actor.idToken}` } });
    if (me.statusCode !== 200) actor.idToken = (await signInAs(app, actor.user.email)).idToken;
  }
}

const actorArbitrary = fc.constantFrom<Role | 'nobody'>(...ACTORS, 'nobody');
const headersFor = (who: Role | 'nobody'): Record<string, string> => {
  const actor = who === 'nobody' ? undefined : actors.get(who);
  return actor ? { authorization: `Bearer ${actor.idToken}` } : {};
};

function requestArbitrary(method: string, operation: Operation) {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const content = operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = ['POST', 'PATCH', 'PUT'].includes(method);
  // Text bodies (CSV imports) arrive as text/csv.
  const csv = content?.type === 'string';
  const body = !takesBody
    ? fc.constant(undefined)
    : csv
      ? fc.oneof(
          junkString,
          fc
            .array(fc.array(junkString, { maxLength: 6 }), { maxLength: 6 })
            .map((rows) => rows.map((r) => r.join(',')).join('\n')),
        )
      : bodyFor(content, known);
  return fc.record({
    who: actorArbitrary,
    params: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, textFor(p.schema, known, p.name)]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, textFor(p.schema, known, p.name)])), {
      requiredKeys: [],
    }),
    extraQuery: fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), junkString), { freq: 4 }),
    body,
    csv: fc.constant(csv),
  });
}

describe('every REST route answers generated input without a 5xx', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  for (const { path, method, operation } of operations) {
    it(`${method} ${path}`, async () => {
      await restoreActors();
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(method, operation), async (request) => {
          runs++;
          const target = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(String(request.params[name] ?? '')),
          );
          const query = new URLSearchParams(request.query as Record<string, string>);
          if (request.extraQuery) query.append(`x${request.extraQuery[0]}`, request.extraQuery[1]);
          const headers = headersFor(request.who);
          const hasBody = request.body !== undefined;
          const res = await app.inject({
            method: method as 'GET',
            url: `${target}${query.size ? `?${query}` : ''}`,
            headers: hasBody ? { ...headers, 'content-type': request.csv ? 'text/csv' : 'application/json' } : headers,
            ...(hasBody ? { payload: request.csv ? String(request.body) : JSON.stringify(request.body) } : {}),
          });
          if (res.statusCode >= 500)
            throw new Error(
              `${method} ${target}?${query} as ${request.who} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    }, 120_000);
  }
});

/** Every event a client may send, with the schema its handler parses (none: it has no handler). */
const EVENTS: [string, z.ZodType | null][] = [
  [SOCKET_EVENTS.joinRoom, roomRefSchema],
  [SOCKET_EVENTS.leaveRoom, roomRefSchema],
  [SOCKET_EVENTS.chatMessage, outgoingMessageSchema],
  [SOCKET_EVENTS.fileUploadChunk, fileChunkSchema],
  [SOCKET_EVENTS.fileUploadProgress, z.object({ roomId: z.number().int() })],
  [SOCKET_EVENTS.fileUploadComplete, fileUploadCompleteSchema],
  [SOCKET_EVENTS.fileUploadError, fileUploadErrorSchema],
  [SOCKET_EVENTS.typingStart, roomRefSchema],
  [SOCKET_EVENTS.typingStop, roomRefSchema],
  [SOCKET_EVENTS.userPresence, presenceSchema],
  [SOCKET_EVENTS.notification, null],
  [SOCKET_EVENTS.pollCreate, pollCreateSchema],
  [SOCKET_EVENTS.pollVote, pollVoteSchema],
  [SOCKET_EVENTS.presenceQuery, presenceQuerySchema],
  [SOCKET_EVENTS.messageEdit, messageEditSchema],
  [SOCKET_EVENTS.messageUnsend, messageUnsendSchema],
];

describe('every client socket event is answered without a 5xx', () => {
  it('covers every client event', () => {
    const clientEvents = Object.entries(SOCKET_EVENTS)
      .filter(([, name]) => !/received|update|joined|left|status-change|online|offline/.test(name))
      .map(([, name]) => name);
    expect(EVENTS.map(([event]) => event).sort()).toEqual(clientEvents.sort());
  });

  for (const [event, schema] of EVENTS) {
    it(event, async () => {
      await restoreActors();
      const sockets = new Map<Role, Socket>();
      try {
        for (const role of ['ATHLETIC_DIRECTOR', 'COACH', 'ATHLETE'] as const) {
          const socket = connect(url, {
            transports: ['websocket'],
            reconnection: false,
            auth: { idToken: actors.get(role)?.idToken },
          });
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
          sockets.set(role, socket);
        }
        const json = schema
          ? (z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema)
          : undefined;
        let payload = bodyFor(json, known);
        // Chunks carry bytes; JSON Schema cannot say so.
        if (event === SOCKET_EVENTS.fileUploadChunk)
          payload = fc.oneof(
            payload,
            fc
              .tuple(payload, fc.uint8Array({ maxLength: 2048 }))
              .map(([p, data]) => (p && typeof p === 'object' ? { ...p, data } : p)),
          );
        let runs = 0;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...sockets.keys()), payload, async (role, sent) => {
            runs++;
            const socket = sockets.get(role) as Socket;
            if (!socket.connected) throw new Error(`${role}'s socket was disconnected`);
            const ack = (await socket.timeout(3000).emitWithAck(event, sent)) as SocketAck;
            if (!ack || typeof ack !== 'object' || typeof ack.ok !== 'boolean')
              throw new Error(`${event}: malformed ack ${JSON.stringify(ack)}`);
            if (!ack.ok && ack.error.statusCode >= 500)
              throw new Error(`${event} ${JSON.stringify(sent)?.slice(0, 300)} → ${JSON.stringify(ack.error)}`);
          }),
          { numRuns: RUNS_PER_EVENT },
        );
        expect(runs).toBeGreaterThanOrEqual(RUNS_PER_EVENT);
      } finally {
        for (const socket of sockets.values()) socket.close();
      }
    }, 120_000);
  }
});

it('answers an event sent without a payload, or with more than one, with 400 (the ack is the last argument)', async () => {
  await restoreActors();
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { idToken: actors.get('ATHLETIC_DIRECTOR')?.idToken },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    for (const [event, schema] of EVENTS) {
      if (!schema) continue;
      for (const args of [[], [{ roomId: 1 }, 'extra']]) {
        const ack = (await socket.timeout(3000).emitWithAck(event, ...args)) as SocketAck;
        expect(ack.ok ? ack : ack.error, `${event} with ${args.length} arguments`).toMatchObject({ statusCode: 400 });
      }
    }
  } finally {
    socket.close();
  }
});

it('left the actors able to act (the fixture is sound)', async () => {
  await restoreActors();
  const ids = [...actors.values()].map((a) => a.user.id);
  const rows = await app.testDatabase.db.select({ status: users.status }).from(users).where(inArray(users.id, ids));
  expect(rows.every((r) => r.status === 'ACTIVE')).toBe(true);
});
