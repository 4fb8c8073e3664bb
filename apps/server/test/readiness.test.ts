/**
 * /ready (issue #14 item 6): a node is ready when its database answers, its Redis answers (when
 * REDIS_URL is set) and shutdown has not begun. Redis "goes away" through a TCP proxy this test
 * owns, so its URL points at a port nothing listens on, without touching the shared Redis.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/db.ts';

type Ready = { ready: boolean; database: string; redis: string; shuttingDown: boolean };

/** Polls /ready until `done` holds for its answer (a lost connection takes a moment to notice). */
async function readyWhen(app: TestApp, done: (body: Ready, status: number) => boolean) {
  let last: { status: number; body: Ready } | undefined;
  for (let i = 0; i < 80; i++) {
    const res = await app.inject('/ready');
    last = { status: res.statusCode, body: res.json() as Ready };
    if (done(last.body, last.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/ready never changed: ${JSON.stringify(last)}`);
}

/** A TCP proxy to Redis that can be stopped (connections cut, port closed) and started again on its port. */
function redisProxy(target: URL) {
  let server: Server | undefined;
  const open = new Set<Socket>();
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      const proxy = createServer((client) => {
        const redis = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, redis]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(redis).pipe(client);
        client.on('close', () => redis.destroy());
        redis.on('close', () => client.destroy());
      });
      server = proxy;
      proxy.listen(port, '127.0.0.1', () => {
        port = (proxy.address() as { port: number }).port;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server?.close(() => resolve());
    });
  return { start, stop };
}

describe('/ready', () => {
  it('is ready with the database up and no Redis configured, and not once shutdown begins', async () => {
    const app = await buildTestApp();
    expect((await app.inject('/ready')).json()).toEqual({
      ready: true,
      database: 'up',
      redis: 'none',
      shuttingDown: false,
    });
    app.lifecycle.shuttingDown = true;
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, database: 'up', redis: 'none', shuttingDown: true });
    await app.close();
  });

  it('turns 503 when the database stops answering', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({}, database);
    expect((await app.inject('/ready')).statusCode).toBe(200);
    await database.close();
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, database: 'down' });
    expect((await app.inject('/health')).statusCode).toBe(503);
    // The app's own close must not close the database a second time.
    (app.database as { close: () => Promise<void> }).close = async () => {};
    await app.close();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('/ready with Redis', () => {
  const proxy = redisProxy(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'));
  afterAll(() => proxy.stop());

  it('follows Redis: down while nothing listens at REDIS_URL, ready again when it is back', async () => {
    const port = await proxy.start();
    const app = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      expect((await app.inject('/ready')).json()).toEqual({
        ready: true,
        database: 'up',
        redis: 'up',
        shuttingDown: false,
      });
      // The Socket.IO Redis adapter subscribes once at start without handling a failure of that
      // SUBSCRIBE; a connection cut while it is in flight is an unhandled rejection (upstream).
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      await proxy.stop();
      const down = await readyWhen(app, (body) => body.redis === 'down');
      expect(down).toEqual({ status: 503, body: { ready: false, database: 'up', redis: 'down', shuttingDown: false } });

      await proxy.start();
      const back = await readyWhen(app, (body) => body.ready);
      expect(back).toEqual({ status: 200, body: { ready: true, database: 'up', redis: 'up', shuttingDown: false } });
      // The Socket.IO adapter's own connections reconnect on their own backoff (up to 2 s); closing
      // before they are back makes the adapter reject a disconnect nobody awaits.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    } finally {
      await app.close();
    }
  }, 30_000);
});
