/**
 * The security suite (issue #15, docs/security.md): black-box probes of the REST API, the
 * socket events and the identity endpoint, as a district reviewer or an attacker would make
 * them, against two schools with people of every role. Each `it` is one row of the table of
 * promises in docs/security.md; deeper tests of each area are named there too.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { CHAT, type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { decodeJwt, SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardianLinks } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { buildUser, signInAs } from './helpers/factories.ts';
import { forgeToken } from './helpers/identity.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';
import { uploadChunks } from './helpers/uploads.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
/** A 15-year-old athlete of Westfield with no guardian linked. */
let minor: Awaited<ReturnType<typeof buildUser>>;
/** Rooms of the other school, which Westfield's people must not reach. */
let otherRoom: number;
let otherTeamRoom: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  minor = await buildUser(app, {
    role: 'ATHLETE',
    firstName: 'Mina',
    lastName: 'Young',
    organizationId: school.org.id,
    dateOfBirth: '2011-05-05',
  });
  otherRoom = (await (await as(app, other.coach)).post('/api/chat/rooms/direct', { userId: other.director.id })).json()
    .data.id;
  otherTeamRoom = (await (await as(app, other.coach)).get(`/api/chat/teams/${other.varsity.id}/rooms`)).json().data[0]
    .id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const socketOf = (person: { email: string }) => openSocket(app, url, person, sockets);

describe('tenancy: one school never reaches another', () => {
  it('answers 403 or 404 to every REST probe of the other school’s records, by every admin role', async () => {
    const probes = [
      ['GET', `/api/user/${other.coach.id}`],
      ['PATCH', `/api/user/${other.coach.id}`, { firstName: 'Hacked' }],
      ['PATCH', `/api/user/${other.coach.id}/status`, { status: 'SUSPENDED' }],
      ['DELETE', `/api/user/${other.coach.id}`],
      ['POST', `/api/user/${other.coach.id}/resend-invite`],
      ['GET', `/api/user/list?organizationId=${other.org.id}`],
      ['GET', `/api/user/export?organizationId=${other.org.id}`],
      ['GET', `/api/teams/${other.varsity.id}`],
      ['PATCH', `/api/teams/${other.varsity.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/teams/${other.varsity.id}`],
      ['POST', `/api/teams/${other.varsity.id}/members`, { userId: other.athlete2.id }],
      ['POST', `/api/teams/${school.varsity.id}/members`, { userId: other.athlete2.id }],
      ['GET', `/api/teams/list-organization-teams?organizationId=${other.org.id}`],
      ['GET', `/api/chat/rooms/${otherRoom}`],
      ['GET', `/api/chat/rooms/${otherRoom}/messages`],
      ['GET', `/api/chat/teams/${other.varsity.id}/rooms`],
      ['POST', '/api/chat/rooms/direct', { userId: other.coach.id }],
      ['GET', `/api/admin/conversations?organizationId=${other.org.id}`],
      [
        'GET',
        `/api/admin/conversations/${otherRoom}/messages?reason=${encodeURIComponent('Looking around the other school')}`,
      ],
      ['GET', `/api/audit?organizationId=${other.org.id}`],
      ['GET', `/api/reports/roster?organizationId=${other.org.id}`],
      [
        'GET',
        `/api/calendar/events?organizationId=${other.org.id}&from=2026-01-01T00:00:00.000Z&to=2026-12-31T00:00:00.000Z`,
      ],
      ['GET', `/api/dashboard?organizationId=${other.org.id}`],
      ['GET', `/api/safeguarding?organizationId=${other.org.id}`],
    ] as const;
    for (const person of [school.director, school.administrator, school.assistant]) {
      const client = await as(app, person);
      for (const [method, path, body] of probes) {
        const res = await app.inject({
          method,
          url: path,
          headers: { authorization: `Bearer ${(await signInAs(app, person.email)).idToken}` },
          ...(body ? { payload: body } : {}),
        });
        expect([403, 404], `${person.firstName}: ${method} ${path} → ${res.statusCode}`).toContain(res.statusCode);
      }
      expect((await client.get(`/api/user/${other.coach.id}`)).json()).toMatchObject({ statusCode: 404 });
    }
  });

  it('refuses socket joins, messages, typing, uploads and votes in the other school’s rooms, and hides its people’s presence', async () => {
    const director = await socketOf(school.director);
    const watcher = await socketOf(other.coach);
    for (const [event, payload] of [
      [SOCKET_EVENTS.joinRoom, { roomId: otherRoom }],
      [SOCKET_EVENTS.joinRoom, { roomId: otherTeamRoom }],
      [SOCKET_EVENTS.chatMessage, { roomId: otherTeamRoom, message: 'hello from Westfield' }],
      [SOCKET_EVENTS.typingStart, { roomId: otherRoom }],
      [SOCKET_EVENTS.pollCreate, { roomId: otherTeamRoom, question: 'Q?', options: ['a', 'b'] }],
    ] as const) {
      const ack = await emitWithAck(director, event, payload);
      expect(ack.ok, `${event} ${JSON.stringify(payload)}`).toBe(false);
      expect([403, 404]).toContain((ack as { error: { statusCode: number } }).error.statusCode);
    }
    const upload = await emitWithAck(director, SOCKET_EVENTS.fileUploadChunk, {
      roomId: otherRoom,
      id: 'x',
      data: Buffer.from('hi'),
      index: 0,
      totalChunks: 1,
      fileName: 'a.txt',
      attachmentIndex: 0,
      size: 2,
      offset: 0,
      totalSize: 2,
    });
    expect(upload).toMatchObject({ ok: false, error: { statusCode: 404 } });
    expect(await emitWithAck(director, SOCKET_EVENTS.presenceQuery, { userIds: [other.coach.id] })).toEqual({
      ok: true,
      data: { [other.coach.id]: 'offline' },
    });
    expect(watcher.connected).toBe(true);
  });
});

describe('escalation: nobody grants more than they hold', () => {
  it('keeps an administrator from creating or promoting anyone to its own rank or above, or itself', async () => {
    const admin = await as(app, school.administrator);
    for (const role of ['SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR'])
      expect(
        (await admin.post('/api/user', { email: `esc-${role.toLowerCase()}@school.example`, firstName: 'E', role }))
          .statusCode,
        role,
      ).toBe(403);
    expect((await admin.patch(`/api/user/${school.coach.id}`, { role: 'ATHLETIC_DIRECTOR' })).statusCode).toBe(403);
    expect((await admin.patch(`/api/user/${school.administrator.id}`, { role: 'COACH' })).statusCode).toBe(403);
    expect((await admin.patch(`/api/user/${school.director.id}`, { firstName: 'Demoted' })).statusCode).toBe(403);
    expect((await admin.patch(`/api/user/${school.director.id}/status`, { status: 'SUSPENDED' })).statusCode).toBe(403);
    const director = await as(app, school.director);
    expect((await director.patch(`/api/user/${school.director.id}/status`, { status: 'SUSPENDED' })).statusCode).toBe(
      403,
    );
    expect((await director.delete(`/api/user/${school.director.id}`)).statusCode).toBe(403);
    expect(
      (await director.post('/api/auth/organizations', { name: 'Mine', slug: 'mine', timezone: 'UTC' })).statusCode,
    ).toBe(403);
  });

  it('refuses every administrative endpoint to coaches, athletes and guardians', async () => {
    for (const person of [school.coach, school.athlete, school.parent, minor]) {
      const client = await as(app, person);
      for (const path of [
        '/api/user/list',
        `/api/user/${school.director.id}`,
        '/api/teams/list-organization-teams',
        '/api/audit',
        '/api/admin/conversations',
        '/api/reports/users',
        '/api/dashboard',
        '/api/safeguarding',
        '/api/admin/system',
      ])
        expect((await client.get(path)).statusCode, `${person.firstName} ${path}`).toBe(403);
      expect(
        (await client.post('/api/user', { email: 'x@school.example', firstName: 'X', role: 'COACH' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('freshness: access ends when it should', () => {
  it('refuses a suspended person’s token on the next request, and a removed athlete the team’s history', async () => {
    const coach = await buildUser(app, { role: 'COACH', organizationId: school.org.id });
    const { idToken } = await signInAs(app, coach.email);
    const me = () => app.inject({ url: '/api/chat/tabs', headers: { authorization: `Bearer ${idToken}` } });
    expect((await me()).statusCode).toBe(200);
    await (await as(app, school.director)).patch(`/api/user/${coach.id}/status`, { status: 'SUSPENDED' });
    // Refused whichever way: the app sees a suspended user (403), the pool a disabled account (401).
    expect([401, 403]).toContain((await me()).statusCode);

    const director = await as(app, school.director);
    const roomId = (await director.get(`/api/chat/teams/${school.jv.id}/rooms`)).json().data[0].id;
    const athlete = await as(app, school.athlete2);
    expect((await athlete.get(`/api/chat/rooms/${roomId}/messages`)).statusCode).toBe(200);
    await director.delete(`/api/teams/${school.jv.id}/members/${school.athlete2.id}`);
    expect((await athlete.get(`/api/chat/rooms/${roomId}/messages`)).statusCode).toBe(403);
    await director.post(`/api/teams/${school.jv.id}/members`, { userId: school.athlete2.id });
  });

  it('ends an open socket’s admin rights the moment a demotion answers', async () => {
    const admin = await buildUser(app, { role: 'ATHLETIC_ADMINISTRATOR', organizationId: school.org.id });
    const socket = await socketOf(admin);
    const roomId = (await (await as(app, school.director)).get(`/api/chat/teams/${school.jv.id}/rooms`)).json().data[0]
      .id;
    await (await as(app, school.director)).patch(`/api/user/${admin.id}`, { role: 'COACH' });
    expect(await emitWithAck(socket, SOCKET_EVENTS.joinRoom, { roomId })).toMatchObject({
      ok: false,
      error: { statusCode: 403 },
    });
  });
});

describe('safeguarding: no minor alone with an adult', () => {
  it('puts a second adult in a coach’s conversation with an unguarded minor, and the room says why', async () => {
    await coachOf(app, school.coach, minor);
    const opened = await (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: minor.id });
    expect(opened.statusCode).toBe(200);
    const room = (await (await as(app, school.coach)).get(`/api/chat/rooms/${opened.json().data.id}`)).json().data;
    expect(room.members.map((m: { id: number; reason: string }) => [m.id, m.reason])).toContainEqual([
      school.director.id,
      'SAFEGUARDING',
    ]);
    const history = (await (await as(app, school.director)).get(`/api/chat/rooms/${room.id}/messages`)).json().data;
    expect(history.messages[0]).toMatchObject({
      messageType: 'SYSTEM',
      content: expect.stringMatching(/second adult/),
    });
  });

  it('lets a guardian read their child’s conversation with a coach, and nobody else’s guardian', async () => {
    const roomId = (
      await (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: school.athlete.id })
    ).json().data.id;
    const parent = await as(app, school.parent);
    expect((await parent.get(`/api/chat/rooms/${roomId}/messages`)).statusCode).toBe(200);
    expect((await parent.get(`/api/chat/rooms/${roomId}`)).json().data.safeguarding.viewerNote).toMatch(/guardian/);
    const stranger = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    expect((await (await as(app, stranger)).get(`/api/chat/rooms/${roomId}/messages`)).statusCode).toBe(403);
  });

  it('brings a newly linked guardian in, and refuses a staff role to a 13-year-old', async () => {
    const kid = await buildUser(app, { role: 'ATHLETE', organizationId: school.org.id, dateOfBirth: '2013-03-03' });
    const mom = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    await coachOf(app, school.coach, kid);
    const roomId = (await (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: kid.id })).json().data
      .id;
    const members = (await (await as(app, mom)).get(`/api/chat/rooms/${roomId}`)).json().data.members;
    expect(members.find((m: { id: number }) => m.id === mom.id)).toMatchObject({ reason: 'GUARDIAN' });
    expect((await (await as(app, school.director)).patch(`/api/user/${kid.id}`, { role: 'COACH' })).statusCode).toBe(
      400,
    );
  });
});

describe('tokens: only ours, unaltered and current', () => {
  it('refuses alg none, HS256 signed with our public key, tampered claims, a foreign key, an expired token and a refresh token', async () => {
    const { idToken, refreshToken } = await signInAs(app, school.coach.email);
    const claims = decodeJwt(idToken);
    const [header, , signature] = idToken.split('.');
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const jwks = (await app.inject({ url: '/.well-known/jwks.json' })).json() as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const jwk = jwks.keys[0] as JsonWebKey & { kid: string };
    const publicPem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const past = Math.floor(Date.now() / 1000) - 7200;
    const key = app.identity.embedded?.keys.current();
    if (!key) throw new Error('embedded pool only');
    const directorSub = school.director.identitySub ?? '';
    const forged = [
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, sub: directorSub })}.`,
      await new SignJWT({ ...claims, sub: directorSub })
        .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
        .sign(Buffer.from(publicPem)),
      `${header}.${encode({ ...claims, sub: directorSub })}.${signature}`,
      `${header}.${encode({ ...claims, exp: (claims.exp as number) + 86_400 })}.${signature}`,
      await forgeToken(claims, undefined, jwk.kid),
      await forgeToken({ ...claims, iat: past, exp: past + 3600 }, key.privateKey, key.kid),
      await forgeToken({ ...claims, aud: 'another-client' }, key.privateKey, key.kid),
      refreshToken,
    ];
    for (const token of forged) {
      const res = await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token.slice(0, 40)).toBe(401);
      const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { idToken: token } });
      sockets.push(socket);
      expect(
        await new Promise((resolve) =>
          socket.once('connect_error', (e) => resolve(e.message)).once('connect', () => resolve('connected')),
        ),
      ).toBe('Unauthorized');
    }
  });
});

describe('input: clear 4xx, never a 500', () => {
  it('answers malformed JSON, wrong media types, oversize bodies, unknown fields and empty patches with 4xx', async () => {
    const { idToken } = await signInAs(app, school.director.email);
    const headers = { authorization: `Bearer ${idToken}` };
    const send = (payload: string, type: string, method: 'POST' | 'PATCH' = 'POST', path = '/api/teams') =>
      app.inject({ method, url: path, headers: { ...headers, 'content-type': type }, payload });
    expect((await send('{"name": ', 'application/json')).statusCode).toBe(400);
    expect((await send('name=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await send(`{"name":"${'x'.repeat(1_100_000)}"}`, 'application/json')).statusCode).toBe(413);
    expect((await send('{}', 'application/json', 'PATCH', `/api/user/${school.coach.id}`)).statusCode).toBe(400);
    expect(
      (await send('{"isAdmin":true}', 'application/json', 'PATCH', `/api/user/${school.coach.id}`)).statusCode,
    ).toBe(400);
    const socket = await socketOf(school.director);
    for (const payload of [null, 'x', 42, [], { roomId: 'one' }, { roomId: 2 ** 31, message: 'hi' }])
      expect((await emitWithAck(socket, SOCKET_EVENTS.chatMessage, payload)).ok).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('writes CSV cells a spreadsheet would run as formulas as text', async () => {
    const director = await as(app, school.director);
    await director.post('/api/user', {
      email: 'formula@school.example',
      firstName: '=HYPERLINK("http://evil")',
      role: 'PARENT',
    });
    const csv = (await director.get('/api/user/export?search=formula')).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('uploads: bytes decide the type, never the name', () => {
  it('stores under a random key, sniffs the type, and sends downloads as attachments that are never sniffed', async () => {
    const roomId = (
      await (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: school.director.id })
    ).json().data.id;
    const coach = await socketOf(school.coach);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const { ack } = await uploadChunks(coach, roomId, html, '../../../index.png');
    expect(ack).toMatchObject({ ok: true, data: { fileName: 'index.png', mimeType: 'text/plain' } });
    const media = (ack as { data: { uuid: string } }).data;
    const sent = await emitWithAck<ChatMessage>(coach, SOCKET_EVENTS.chatMessage, {
      roomId,
      message: 'see attached',
      attachments: [
        { attachmentId: media.uuid, isChunked: false, totalSize: html.length, chunkCount: 1, originalName: 'x' },
      ],
    });
    expect(sent.ok).toBe(true);
    const download = await (await as(app, school.director)).get(`/api/chat/attachments/${media.uuid}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="index.png"/);
    expect((await (await as(app, school.athlete2)).get(`/api/chat/attachments/${media.uuid}`)).statusCode).toBe(403);
    expect((await (await as(app, other.director)).get(`/api/chat/attachments/${media.uuid}`)).statusCode).toBe(404);
    // An oversize file fails at its first chunk with the spec's words.
    const oversize = await emitWithAck(coach, SOCKET_EVENTS.fileUploadChunk, {
      roomId,
      id: 'big',
      data: Buffer.from('x'),
      index: 0,
      totalChunks: 500,
      fileName: 'big.bin',
      attachmentIndex: 0,
      size: 1,
      offset: 0,
      totalSize: CHAT.maxFileSizeBytes + 1,
    });
    expect(oversize).toMatchObject({
      ok: false,
      error: { statusCode: 413, message: 'File(s) too large. Maximum size is 100MB' },
    });
  });
});

describe('headers', () => {
  it('marks API answers no-store and nosniff, sends no CORS grant to a foreign site, and refuses its sockets', async () => {
    const res = await app.inject({
      url: '/api/auth/me',
      headers: {
        authorization: `Bearer ${(await signInAs(app, school.director.email)).idToken}`,
        origin: 'https://evil.example',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    const refused = await app.inject({ url: '/api/user/list' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const { idToken } = await signInAs(app, school.director.email);
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { idToken },
      extraHeaders: { origin: 'https://evil.example' },
    });
    sockets.push(socket);
    const outcome = await new Promise((resolve) =>
      socket.once('connect_error', () => resolve('refused')).once('connect', () => resolve('connected')),
    );
    expect(outcome).toBe('refused');
  });
});
