/**
 * Who the client is, and limits every node shares: a forged X-Forwarded-For gets no fresh
 * window unless TRUST_PROXY names the proxy, and with Redis two nodes count together.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { MemoryRateLimitStore } from '../src/rate-limit/memory-store.ts';
import type { RateLimitStore } from '../src/rate-limit/rate-limiter.ts';
import { RedisRateLimitStore } from '../src/rate-limit/redis-store.ts';
import { openRedis } from '../src/redis.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';
import { buildUser, TEST_PASSWORD } from './helpers/factories.ts';
import { callIdentity, srpSignIn } from './helpers/identity-client.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function app(env: Record<string, string>, database?: TestDatabase) {
  const built = await buildTestApp(env, database);
  apps.push(built);
  return built;
}

/** One InitiateAuth (an unknown user unless `email` and `password` say otherwise), as a client at `forwardedFor` claims to be. */
const signIn = (
  target: TestApp,
  forwardedFor?: string,
  email = `nobody-${randomUUID()}@example.com`,
  password = 'Wrong-Pass-1',
) =>
  target.inject({
    method: 'POST',
    url: '/api/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: target.config.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });

const limited = (response: { json: () => { __type?: string } }) =>
  response.json().__type === 'TooManyRequestsException';

describe('rate limits', () => {
  it('does not let a rotating X-Forwarded-For reset the sign-in limit (TRUST_PROXY off)', async () => {
    const target = await app({ IDENTITY_RATE_LIMIT: '5' });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn(target, `198.51.100.${i}`));
    expect(answers.slice(0, 5).some(limited)).toBe(false);
    expect(answers.slice(5).every(limited)).toBe(true);
  });

  it('lets a class sign in together from one address; only failures use up the limit', async () => {
    // A school's network is one address to us: the limit is for guesses, not for a full team.
    const target = await app({ IDENTITY_RATE_LIMIT: '3' });
    const people = await Promise.all(Array.from({ length: 4 }, () => buildUser(target, { role: 'ATHLETE' })));
    for (let round = 0; round < 3; round++) {
      for (const person of people) {
        const answer = await signIn(target, undefined, person.email, TEST_PASSWORD);
        expect(answer.json()).toHaveProperty('AuthenticationResult.AccessToken');
        if (round > 0) continue;
        // As the apps sign in (SRP): the challenge is paid back when its password step succeeds.
        const { answer: srp } = await srpSignIn(target, person.email, TEST_PASSWORD);
        expect(srp.body).toHaveProperty('AuthenticationResult.AccessToken');
      }
    }
    const wrong = [];
    for (let i = 0; i < 4; i++) wrong.push(limited(await signIn(target)));
    expect(wrong).toEqual([false, false, false, true]);
    // Past the limit the right password waits too: the address is what is limited.
    expect(limited(await signIn(target, undefined, people[0]?.email, TEST_PASSWORD))).toBe(true);
  });

  it('lets a burst past the limit through once its sign-ins finish: refusals are not counted', async () => {
    const target = await app({ IDENTITY_RATE_LIMIT: '5' });
    const people = await Promise.all(Array.from({ length: 12 }, () => buildUser(target, { role: 'ATHLETE' })));
    const burst = await Promise.all(people.map((p) => signIn(target, undefined, p.email, TEST_PASSWORD)));
    const refused = people.filter((_, i) => limited(burst[i] as (typeof burst)[number]));
    // More were in flight than the limit allows (a password check takes milliseconds).
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(people.length);
    // Each one refused tries again, and gets in: nothing of the burst is left on the count.
    for (const person of refused) {
      expect(limited(await signIn(target, undefined, person.email, TEST_PASSWORD))).toBe(false);
    }
    const wrong = [];
    for (let i = 0; i < 6; i++) wrong.push(limited(await signIn(target)));
    expect(wrong).toEqual([false, false, false, false, false, true]);
  });

  it('counts SRP challenges that no password step follows', async () => {
    const target = await app({ IDENTITY_RATE_LIMIT: '3' });
    const challenge = async () =>
      (
        await callIdentity(target, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: target.config.USER_POOL_CLIENT_ID,
          AuthParameters: { USERNAME: 'someone@school.example', SRP_A: 'ab'.repeat(192) },
        })
      ).type === 'TooManyRequestsException';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await challenge());
    expect(answers).toEqual([false, false, false, true]);
  });

  it('holds the limit under parallel wrong passwords', async () => {
    const target = await app({ IDENTITY_RATE_LIMIT: '5' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(target)));
    expect(answers.filter((answer) => !limited(answer))).toHaveLength(5);
  });

  it('uses the forwarded address only from a trusted proxy', async () => {
    const target = await app({ IDENTITY_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    // inject comes from 127.0.0.1, the trusted proxy: each forwarded client has its own window.
    for (let i = 0; i < 4; i++) expect(limited(await signIn(target, `198.51.100.${i}`))).toBe(false);
    expect(limited(await signIn(target, '198.51.100.9'))).toBe(false);
    expect(limited(await signIn(target, '198.51.100.9'))).toBe(false);
    expect(limited(await signIn(target, '198.51.100.9'))).toBe(true);
  });

  it('reads TRUST_PROXY as off, a hop count or addresses, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY/);
  });

  it.skipIf(!redisUrl)('counts one limit across two nodes through Redis', async () => {
    const env = { IDENTITY_RATE_LIMIT: '4', REDIS_URL: redisUrl ?? '', TRUST_PROXY: '127.0.0.1' };
    // Two nodes of one install: one database, so one Redis prefix.
    const database = await createTestDatabase();
    const [a, b] = [await app(env, database), await app(env, database)];
    a.addHook('onClose', () => database.close());
    // Redis outlives the run: an address of its own keeps earlier runs' counts out.
    const address = `2001:db8::${randomUUID().slice(0, 4)}`;
    const person = await buildUser(a, { role: 'COACH' });
    const results = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? a : b;
      // A sign-in that succeeds, on either node, takes its hit back from the shared count.
      results.push(limited(await signIn(node, address, person.email, TEST_PASSWORD)));
      results.push(limited(await signIn(node, address)));
    }
    expect(results).toEqual([...Array(8).fill(false), true, true, true, true]);
  });
});

type OpenStore = () => Promise<{ store: RateLimitStore; close: () => Promise<void> }>;
const stores: [string, OpenStore][] = [
  ['memory', async () => ({ store: new MemoryRateLimitStore(), close: async () => {} })],
];
if (redisUrl) {
  stores.push([
    'Redis',
    async () => {
      const redis = await openRedis(redisUrl, pino({ level: 'silent' }));
      const store = new RedisRateLimitStore(redis, `fh_rl_${randomUUID()}:`);
      return {
        store,
        close: async () => {
          await redis.quit();
        },
      };
    },
  ]);
}

describe.each(stores)('the %s store', (_name, open) => {
  it('stops counting at the limit, refunds within the window and never below zero', async () => {
    const { store, close } = await open();
    try {
      const key = `k-${randomUUID()}`;
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await store.increment(key, 60_000, 2)).count);
      // The third and fourth are refused and not stored: one refund makes room for one more.
      expect(counts).toEqual([1, 2, 3, 3]);
      await store.decrement(key, 1, 60_000);
      expect((await store.increment(key, 60_000, 2)).count).toBe(2);
      await store.decrement(key, 5, 60_000);
      const again = await store.increment(key, 60_000, 2);
      expect(again.count).toBe(1);
      // The window did not restart at zero: it still ends when the first hit's does.
      expect(again.resetMs).toBeLessThanOrEqual(60_000);
      expect(again.resetMs).toBeGreaterThan(50_000);
      // A refund for a key with no window leaves none behind.
      const missing = `k-${randomUUID()}`;
      await store.decrement(missing, 3, 60_000);
      expect((await store.increment(missing, 60_000, 2)).count).toBe(1);
    } finally {
      await close();
    }
  });
});
