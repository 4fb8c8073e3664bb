import { userSchema } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { coaches, sports, teamCoaches, teamMembers, teams, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { buildOrganization, buildUser, signInAs } from './helpers/factories.ts';
import { forgeToken } from './helpers/identity.ts';
import { callIdentity } from './helpers/identity-client.ts';

let app: TestApp;
let url: string;

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

const me = (token?: string) =>
  app.inject({ url: '/api/auth/me', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('GET /api/auth/me', () => {
  it('needs a valid bearer token', async () => {
    for (const token of [undefined, '', 'garbage', 'a.b.c']) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    }
  });

  it('presents the signed-in user with teams and coaching, from an id or an access token', async () => {
    const org = await buildOrganization(app);
    const [sport] = await app.testDatabase.db
      .insert(sports)
      .values({ name: `Lacrosse ${org.id}`, icon: 'ball' })
      .returning();
    const [team] = await app.testDatabase.db
      .insert(teams)
      .values({
        organizationId: org.id,
        sportId: sport?.id as number,
        name: 'Varsity Lacrosse',
        gender: 'GIRLS',
        season: 'SPRING',
        schoolYear: '2026-27',
      })
      .returning();
    const user = await buildUser(app, { role: 'COACH', organizationId: org.id, firstName: 'Jo' });
    await app.testDatabase.db.insert(teamMembers).values({ teamId: team?.id as number, userId: user.id });
    const [coach] = await app.testDatabase.db
      .insert(coaches)
      .values({ userId: user.id, title: 'Head Coach' })
      .returning();
    await app.testDatabase.db
      .insert(teamCoaches)
      .values({ coachId: coach?.id as number, teamId: team?.id as number, role: 'HEAD' });

    const { idToken, accessToken } = await signInAs(app, user.email);
    for (const token of [idToken, accessToken]) {
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { statusCode: number; data: { user: unknown } };
      const presented = userSchema.parse(body.data.user);
      expect(presented).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'COACH',
        status: 'ACTIVE',
        organizationId: org.id,
        JoinedTeams: [{ id: team?.id, name: 'Varsity Lacrosse', Sport: { name: sport?.name, icon: 'ball' } }],
        Coach: { title: 'Head Coach', TeamCoaches: [{ teamId: team?.id, role: 'HEAD' }] },
      });
      expect(JSON.stringify(body)).not.toMatch(/identitySub|searchText|identity_sub/);
    }
  });

  it('answers 401 for an identity account without an app user', async () => {
    await app.identity.admin.createUser({ email: 'orphan@school.example', password: 'Test-Pass-123' });
    const { idToken } = await signInAs(app, 'orphan@school.example');
    expect((await me(idToken)).statusCode).toBe(401);
  });
});

describe('socket handshake', () => {
  const open = (options: Parameters<typeof connect>[1]) =>
    new Promise<{ socket: Socket; error?: string }>((resolve) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, ...options });
      socket.on('connect', () => resolve({ socket }));
      socket.on('connect_error', (error) => resolve({ socket, error: error.message }));
    });

  it('refuses a socket without a valid token', async () => {
    for (const auth of [{}, { idToken: 'nope' }]) {
      const { socket, error } = await open({ auth });
      expect(error).toBe('Unauthorized');
      socket.close();
    }
  });

  it('accepts the id token in auth or in an Authorization header', async () => {
    const user = await buildUser(app);
    const { idToken } = await signInAs(app, user.email);
    const viaAuth = await open({ auth: { idToken } });
    expect(viaAuth.error).toBeUndefined();
    viaAuth.socket.close();
    const viaHeader = await open({ extraHeaders: { authorization: `Bearer ${idToken}` } });
    expect(viaHeader.error).toBeUndefined();
    viaHeader.socket.close();
  });

  it('refuses an expired token and one signed with another key', async () => {
    const user = await buildUser(app);
    const { idToken } = await signInAs(app, user.email);
    const claims = decodeJwt(idToken);
    const key = app.identity.embedded?.keys.current();
    if (!key) throw new Error('embedded pool only');
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await forgeToken({ ...claims, iat: past, exp: past + 3600 }, key.privateKey, key.kid);
    const foreign = await forgeToken(claims, undefined, key.kid);
    for (const token of [expired, foreign]) {
      const { socket, error } = await open({ auth: { idToken: token } });
      expect(error).toBe('Unauthorized');
      socket.close();
    }
  });

  it('disconnects a socket when its token expires', async () => {
    const user = await buildUser(app);
    const { idToken } = await signInAs(app, user.email);
    const key = app.identity.embedded?.keys.current();
    if (!key) throw new Error('embedded pool only');
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await forgeToken({ ...decodeJwt(idToken), iat: now, exp: now + 2 }, key.privateKey, key.kid);
    const { socket, error } = await open({ auth: { idToken: shortLived } });
    expect(error).toBeUndefined();
    const reason = await new Promise((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(now + 2);
    socket.close();
  });

  it('refuses a user who is not ACTIVE', async () => {
    const user = await buildUser(app, { status: 'SUSPENDED' });
    const { idToken } = await signInAs(app, user.email);
    const { socket, error } = await open({ auth: { idToken } });
    expect(error).toBe('Forbidden');
    socket.close();
  });
});

describe('dev outbox', () => {
  it('shows mailed invites to a super admin only', async () => {
    const admin = await buildUser(app, { role: 'SUPER_ADMIN' });
    const director = await buildUser(app, { role: 'ATHLETIC_DIRECTOR' });
    await app.identity.admin.createUser({ email: 'invitee@school.example', givenName: 'Invitee' });
    const read = async (email: string) =>
      app.inject({
        url: '/api/dev/outbox?to=invitee@school.example',
        headers: { authorization: `Bearer ${(await signInAs(app, email)).idToken}` },
      });
    const res = await read(admin.email);
    expect(res.statusCode).toBe(200);
    const [mail] = (res.json() as { data: { result: { kind: string; text: string }[] } }).data.result;
    expect(mail?.kind).toBe('invite');
    expect(mail?.text).toMatch(/temporary password: \S{12}/);
    expect((await read(director.email)).statusCode).toBe(403);
    expect((await app.inject('/api/dev/outbox')).statusCode).toBe(401);
    // A super admin suspended since signing in reads no more codes (200 before the fix).
    const { idToken } = await signInAs(app, admin.email);
    await app.testDatabase.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, admin.id));
    const suspended = await app.inject({ url: '/api/dev/outbox', headers: { authorization: `Bearer ${idToken}` } });
    expect(suspended.statusCode).toBe(403);
  });
});

describe.runIf(inject('testDb').kind === 'postgres')('a bearer’s reads (PostgreSQL)', () => {
  it('reads the person beside the sign-in check, not after it', async () => {
    const user = await buildUser(app);
    const { idToken } = await signInAs(app, user.email);
    // Both tables held: each read the request makes waits where it stands. Read one after the
    // other, only the sign-in check would be waiting.
    const holder = new pg.Client({ connectionString: app.testDatabase.url });
    await holder.connect();
    const watcher = new pg.Client({ connectionString: app.testDatabase.url });
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table identity_sessions, users in access exclusive mode');
      const answer = me(idToken);
      const waiting = async () => {
        const { rows } = await watcher.query<{ query: string }>(
          `select query from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return {
          signIn: rows.some((r) => r.query.includes('"identity_sessions"')),
          person: rows.some((r) => /from "users".*"identity_sub" = \$1/s.test(r.query)),
        };
      };
      await expect.poll(waiting, { timeout: 5_000 }).toEqual({ signIn: true, person: true });
      await holder.query('rollback');
      expect((await answer).statusCode).toBe(200);
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});

describe('a signed-out bearer', () => {
  it('is refused, though its person was read beside the sign-in check', async () => {
    const user = await buildUser(app);
    const { idToken, accessToken } = await signInAs(app, user.email);
    expect((await me(idToken)).statusCode).toBe(200);
    expect((await callIdentity(app, 'GlobalSignOut', { AccessToken: accessToken })).status).toBe(200);
    const refused = await me(idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});
