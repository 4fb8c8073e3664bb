/**
 * Web push (decision 028) end to end: a browser subscription made in the test, the app's real
 * web-push sender, and a local push service that checks the VAPID signature and decrypts the
 * aes128gcm payload. Who gets a push (not looking, switch on), where its link opens per role,
 * what a dead subscription does, and who may subscribe.
 */
import { randomUUID } from 'node:crypto';
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizations, pushSubscriptions, users } from '../src/db/schema/index.ts';
import { notifyUsers } from '../src/modules/chat/notifications.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { type Browser, type PushService, startPushService } from './helpers/push-service.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
let push: PushService;
const sockets: Socket[] = [];

beforeAll(async () => {
  push = await startPushService();
  app = await buildTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
  await push.close();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function subscribe(person: { email: string }, browser: Browser = push.browser()) {
  const res = await (await as(app, person)).post('/api/push/subscriptions', browser.subscription);
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function send(from: { email: string }, roomId: number, message: string) {
  const socket = await openSocket(app, url, from, sockets);
  const ack = await emitWithAck<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, {
    roomId,
    message,
    clientId: randomUUID(),
  });
  expect(ack.ok).toBe(true);
  return socket;
}

describe('a new message reaches a member who is not looking', () => {
  it('arrives at the push service signed with the app’s VAPID key and decrypts to {title, body, url, tag}', async () => {
    const browser = await subscribe(school.coach);
    const room = await directRoom(school.director, school.coach);
    await send(school.director, room.id, 'Bus leaves at 3:15 from the north lot');
    await until(() => push.pushesTo(browser).length > 0);
    expect(push.errors).toEqual([]);
    const [received] = push.pushesTo(browser);
    const { publicKey } = (await (await as(app, school.coach)).get('/api/push/public-key')).json().data;
    expect(received?.vapidKey).toBe(publicKey);
    expect(received?.claims.aud).toBe(push.origin);
    expect(received?.claims.sub).toMatch(/^mailto:|^https:/);
    expect(received?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(received?.headers.urgency).toBe('high');
    expect(received?.headers.topic).toBe(`room-${room.id}`);
    expect(received?.payload).toEqual({
      title: 'New message from Dana Director',
      body: 'Bus leaves at 3:15 from the north lot',
      url: `/m/chats/${room.id}`,
      tag: `room-${room.id}`,
    });
  });

  it('opens the admin app’s conversation for an admin role', async () => {
    const browser = await subscribe(school.director);
    const room = await directRoom(school.athlete2, school.director);
    await send(school.athlete2, room.id, 'Can I miss practice Friday?');
    await until(() => push.pushesTo(browser).length > 0);
    expect(push.pushesTo(browser)[0]?.payload).toMatchObject({
      url: `/messages/?roomId=${room.id}`,
      tag: `room-${room.id}`,
    });
  });

  it('skips someone looking at the app (an online socket) and reaches them once the tab is away', async () => {
    const athlete = await buildUser(app, { role: 'ATHLETE', organizationId: school.org.id, dateOfBirth: '2005-01-01' });
    const browser = await subscribe(athlete);
    const room = await directRoom(school.assistant, athlete);
    const looking = await openSocket(app, url, athlete, sockets);
    await send(school.assistant, room.id, 'first, while looking');
    // A push to someone else after it shows that the first was decided on by then.
    const bystander = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    const control = await subscribe(bystander);
    const sent = await notifyUsers(app.database.db, [bystander.id], {
      title: 'control',
      message: 'control',
      type: 'info',
      actionUrl: null,
    });
    sent.emit(app.io);
    await until(() => push.pushesTo(control).length > 0);
    await pause(200);
    expect(push.pushesTo(browser)).toEqual([]);
    await emitWithAck(looking, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    await send(school.assistant, room.id, 'second, tab in the background');
    await until(() => push.pushesTo(browser).length > 0);
    expect(push.pushesTo(browser).map((p) => (p.payload as { body: string }).body)).toEqual([
      'second, tab in the background',
    ]);
  });

  it('respects the messages switch', async () => {
    const athlete = await buildUser(app, { role: 'ATHLETE', organizationId: school.org.id, dateOfBirth: '2005-01-01' });
    const browser = await subscribe(athlete);
    const put = await (await as(app, athlete)).put('/api/me/preferences', {
      push: { messages: false, announcements: true, schedule: true },
      emailDigest: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    const room = await directRoom(school.administrator, athlete);
    await send(school.administrator, room.id, 'muted');
    // The same person still gets an announcement: the switch is per kind.
    const sent = await notifyUsers(app.database.db, [athlete.id], {
      title: 'Uniform handout',
      message: 'Pick up uniforms Thursday',
      type: 'info',
      actionUrl: null,
    });
    sent.emit(app.io);
    await until(() => push.pushesTo(browser).length > 0);
    await pause(200);
    expect(push.pushesTo(browser).map((p) => p.payload)).toEqual([
      { title: 'Uniform handout', body: 'Pick up uniforms Thursday', url: '/m/', tag: 'fieldhouse' },
    ]);
  });

  it('pushes a schedule change to the member app’s schedule unless schedule is off', async () => {
    const coach = await buildUser(app, { role: 'COACH', organizationId: school.org.id });
    const browser = await subscribe(coach);
    const notify = async (title: string) =>
      (
        await notifyUsers(app.database.db, [coach.id], {
          title,
          message: 'Practice moved to 5 PM',
          type: 'event',
          actionUrl: `/calendar?date=2026-12-01&event=${title.length}`,
        })
      ).emit(app.io);
    await notify('Schedule change');
    await until(() => push.pushesTo(browser).length > 0);
    expect(push.pushesTo(browser)[0]?.payload).toEqual({
      title: 'Schedule change',
      body: 'Practice moved to 5 PM',
      url: '/m/schedule?date=2026-12-01&event=15',
      tag: 'link-/calendar?date=2026-12-01&event=15',
    });
    await (await as(app, coach)).put('/api/me/preferences', {
      push: { messages: true, announcements: true, schedule: false },
      emailDigest: true,
    });
    await notify('Schedule change again');
    await notifyUsers(app.database.db, [coach.id], {
      title: 'Added',
      message: 'to a conversation',
      type: 'info',
      actionUrl: '/messages?roomId=999999',
    }).then((n) => n.emit(app.io));
    await until(() => push.pushesTo(browser).length > 1);
    await pause(200);
    expect(push.pushesTo(browser).map((p) => (p.payload as { title: string }).title)).toEqual([
      'Schedule change',
      'Added',
    ]);
  });
});

describe('the push service’s answers', () => {
  it('deletes a subscription the push service says is gone (410) and the sender’s message is unaffected', async () => {
    const parent = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    const browser = await subscribe(parent);
    push.answers.set(new URL(browser.subscription.endpoint).pathname, 410);
    const room = await directRoom(school.director, parent);
    await send(school.director, room.id, 'to a browser that left');
    await until(
      async () =>
        (
          await app.database.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint))
        ).length === 0,
    );
  });

  it('counts other failures on the subscription and keeps it', async () => {
    const parent = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    const browser = await subscribe(parent);
    push.answers.set(new URL(browser.subscription.endpoint).pathname, 503);
    const room = await directRoom(school.director, parent);
    await send(school.director, room.id, 'while the push service is down');
    const row = async () =>
      (
        await app.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint))
      )[0];
    await until(async () => (await row())?.failures === 1);
    const metrics = await app.metrics.text();
    expect(metrics).toMatch(/fieldhouse_push_sends_total\{outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/fieldhouse_push_sends_total\{outcome="gone"\} [1-9]/);
  });
});

describe('subscriptions', () => {
  const ROLES = ['superAdmin', 'director', 'administrator', 'assistant', 'coach', 'athlete', 'parent'] as const;

  it('every active role reads the public key, subscribes and unsubscribes', async () => {
    const keys = new Set<string>();
    for (const role of ROLES) {
      const person = await as(app, school[role]);
      const key = await person.get('/api/push/public-key');
      expect(key.statusCode, role).toBe(200);
      keys.add(key.json().data.publicKey);
      const browser = push.browser();
      const saved = await person.post('/api/push/subscriptions', { ...browser.subscription, expirationTime: null });
      expect(saved.statusCode, `${role} ${saved.body}`).toBe(200);
      expect(saved.json().data.endpoint).toBe(browser.subscription.endpoint);
      const removed = await app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        headers: { authorization: await bearer(school[role]) },
        payload: { endpoint: browser.subscription.endpoint },
      });
      expect(removed.json(), role).toMatchObject({ statusCode: 200, data: { removed: true } });
    }
    // One key pair for the whole install: what every browser subscribed with.
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it('moves an endpoint to whoever subscribes with it last; only its owner removes it', async () => {
    const browser = await subscribe(school.athlete);
    await subscribe(school.parent, browser);
    const rows = await app.database.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(rows).toEqual([{ userId: school.parent.id }]);
    const byAthlete = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: await bearer(school.athlete) },
      payload: { endpoint: browser.subscription.endpoint },
    });
    expect(byAthlete.json().data).toEqual({ removed: false });
    expect(
      await app.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint)),
    ).toHaveLength(1);
  });

  it('forgets what a device subscribed when it signs out, and everything on sign-out everywhere', async () => {
    const parent = await buildUser(app, { role: 'PARENT', organizationId: school.org.id });
    const { signInAs } = await import('./helpers/factories.ts');
    const phone = await signInAs(app, parent.email);
    const laptop = await signInAs(app, parent.email);
    const tablet = await signInAs(app, parent.email);
    const subscribeWith = async (tokens: { idToken: string }) => {
      const browser = push.browser();
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { authorization: `Bearer ${tokens.idToken}` },
        payload: browser.subscription,
      });
      expect(res.statusCode).toBe(200);
      return browser.subscription.endpoint;
    };
    const [onPhone, onLaptop, onTablet] = [
      await subscribeWith(phone),
      await subscribeWith(laptop),
      await subscribeWith(tablet),
    ];
    const endpoints = async () =>
      (
        await app.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, parent.id))
      )
        .map((row) => row.endpoint)
        .sort();
    const { callIdentity } = await import('./helpers/identity-client.ts');
    // One device signs out (revoking its refresh token ends that sign-in).
    const revoked = await callIdentity(app, 'RevokeToken', {
      ClientId: app.config.USER_POOL_CLIENT_ID,
      Token: phone.refreshToken,
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    await until(async () => (await endpoints()).length === 2);
    expect(await endpoints()).toEqual([onLaptop, onTablet].sort());
    expect(await endpoints()).not.toContain(onPhone);
    expect((await callIdentity(app, 'GlobalSignOut', { AccessToken: laptop.accessToken })).status).toBe(200);
    await until(async () => (await endpoints()).length === 0);
  });

  it('refuses push services that are not listed, keys that are not keys, and unknown fields with a 400', async () => {
    const coach = await as(app, school.coach);
    const browser = push.browser();
    for (const body of [
      { ...browser.subscription, endpoint: 'https://attacker.example/collect' },
      { ...browser.subscription, endpoint: 'http://127.0.0.2:9/push' },
      { ...browser.subscription, endpoint: 'http://169.254.169.254/latest/meta-data' },
      { ...browser.subscription, keys: { p256dh: 'abc', auth: browser.subscription.keys.auth } },
      { ...browser.subscription, keys: { p256dh: browser.subscription.keys.p256dh } },
      { ...browser.subscription, userId: school.director.id },
      { endpoint: 'not a url' },
    ]) {
      const res = await coach.post('/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
  });

  it('answers 403 to a suspended person and 401 to nobody', async () => {
    const suspended = await buildUser(app, { role: 'COACH', organizationId: school.org.id, status: 'SUSPENDED' });
    const person = await as(app, suspended);
    expect((await person.get('/api/push/public-key')).statusCode).toBe(403);
    const res = await person.post('/api/push/subscriptions', push.browser().subscription);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, id: 'account_inactive' });
    expect((await app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it('never pushes to a suspended person’s browsers', async () => {
    const coach = await buildUser(app, { role: 'COACH', organizationId: other.org.id });
    const browser = await subscribe(coach);
    await app.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, coach.id));
    (await notifyUsers(app.database.db, [coach.id], { title: 't', message: 'm', type: 'info', actionUrl: null })).emit(
      app.io,
    );
    const control = await subscribe(other.coach);
    (
      await notifyUsers(app.database.db, [other.coach.id], { title: 'c', message: 'm', type: 'info', actionUrl: null })
    ).emit(app.io);
    await until(() => push.pushesTo(control).length > 0);
    await pause(200);
    expect(push.pushesTo(browser)).toEqual([]);
  });
});

describe('a deactivated school', () => {
  it('gets no pushes; its super admin still does', async () => {
    const maple = await buildSchool(app, 'Maple Grove');
    const [coachBrowser, adminBrowser] = [await subscribe(maple.coach), await subscribe(maple.superAdmin)];
    await app.database.db
      .update(organizations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organizations.id, maple.org.id));
    (
      await notifyUsers(app.database.db, [maple.coach.id, maple.superAdmin.id], {
        title: 'Closed',
        message: 'A note to the school',
        type: 'info',
        actionUrl: null,
      })
    ).emit(app.io);
    await until(() => push.pushesTo(adminBrowser).length > 0);
    await pause(200);
    // The coach's lock screen showed it before the fix.
    expect(push.pushesTo(coachBrowser)).toEqual([]);
  });
});

async function bearer(person: { email: string }) {
  const { signInAs } = await import('./helpers/factories.ts');
  return `Bearer ${(await signInAs(app, person.email)).idToken}`;
}
