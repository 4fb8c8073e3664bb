import { apiErrorSchema, webConfigSchema } from '@fieldhouse/shared';
import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeWebDist } from './helpers/web-dist.ts';

let app: TestApp;
const webDist = makeWebDist({
  'index.html': '<!doctype html><div id="root"></div>',
  'assets/main-abc123.js': 'console.log(1)',
});

beforeAll(async () => {
  app = await buildTestApp({ WEB_DIST_DIR: webDist.dir });
  // Routes that exist only to exercise the shared error handling.
  app.get(
    '/api/_test/validated',
    { schema: { querystring: z.object({ n: z.coerce.number().int() }) } },
    async (r) => r.query,
  );
  app.get('/api/_test/crash', async () => {
    throw new Error('secret internals');
  });
  app.post('/api/_test/echo', { schema: { body: z.object({ name: z.string().min(1) }) } }, async (r) => r.body);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  webDist.remove();
});

describe('health and readiness', () => {
  it('checks the database', async () => {
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('is ready until shutdown begins', async () => {
    expect((await app.inject('/ready')).statusCode).toBe(200);
  });
});

describe('shutdown', () => {
  it('closes promptly while a socket is still connecting', async () => {
    const closing = await buildTestApp();
    const url = await closing.listen({ port: 0, host: '127.0.0.1' });
    // The transport is open, the Socket.IO handshake not done: as while the server checks a token.
    const manager = new Manager(url, { transports: ['websocket'], reconnection: false, autoConnect: false });
    await new Promise<void>((resolve, reject) => manager.open((err) => (err ? reject(err) : resolve())));
    try {
      const closed = closing.close().then(() => 'closed');
      // Alone it closes in under a second; the bound sits far below Socket.IO's own waits (20 s
      // ping, 45 s connect) yet leaves room for a machine busy with the rest of the suite.
      const late = new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000));
      expect(await Promise.race([closed, late])).toBe('closed');
    } finally {
      manager.engine.close();
      await closing.close();
    }
  });

  it('closes promptly while a request is in flight on a keep-alive connection', async () => {
    const closing = await buildTestApp();
    closing.get('/api/_test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    const url = await closing.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${url}/api/_test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close().then(() => 'closed');
    // The answer still arrives; the connection must not then idle on until its keep-alive timeout.
    expect((await answer).status).toBe(200);
    // Far below the keep-alive timeout (72 s) it must not idle on for; room for a busy machine.
    const late = new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000));
    expect(await Promise.race([closed, late])).toBe('closed');
  });
});

describe('error shape', () => {
  const expectError = (body: unknown, statusCode: number) => {
    const parsed = apiErrorSchema.strict().parse(body);
    expect(parsed.statusCode).toBe(statusCode);
    return parsed.message;
  };

  it('answers unknown API routes with 404', async () => {
    const res = await app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(expectError(res.json(), 404)).toContain('/api/does-not-exist');
    expect(expectError((await app.inject({ method: 'DELETE', url: '/somewhere' })).json(), 404)).toBeTruthy();
  });

  it('answers validation failures with 400 naming the field', async () => {
    const res = await app.inject('/api/_test/validated?n=abc');
    expect(res.statusCode).toBe(400);
    expect(expectError(res.json(), 400)).toMatch(/querystring.*n/);
    const body = await app.inject({ method: 'POST', url: '/api/_test/echo', payload: { name: '' } });
    expect(expectError(body.json(), 400)).toMatch(/body.*name/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expectError(res.json(), 400);
  });

  it('hides unexpected failures behind a 500', async () => {
    const res = await app.inject('/api/_test/crash');
    expect(res.statusCode).toBe(500);
    expect(expectError(res.json(), 500)).toBe('Internal server error');
    expect(res.body).not.toContain('secret');
  });
});

describe('public contract', () => {
  it('serves the web runtime settings', async () => {
    const res = await app.inject({ url: '/api/config', headers: { host: 'school.example:8080' } });
    const config = webConfigSchema.parse(res.json());
    expect(config.auth.userPoolEndpoint).toBe('http://school.example:8080/api/identity');
    expect(config.auth.userPoolId).toMatch(/_/);
  });

  it('leaves the endpoint out for a real Cognito pool', async () => {
    const cognito = await buildTestApp({
      IDENTITY_MODE: 'cognito',
      COGNITO_REGION: 'us-east-1',
      USER_POOL_ID: 'us-east-1_AbC123',
    });
    try {
      const config = webConfigSchema.parse((await cognito.inject('/api/config')).json());
      expect(config.auth).toEqual({
        userPoolId: 'us-east-1_AbC123',
        userPoolClientId: 'fieldhouse-web',
        region: 'us-east-1',
      });
      const identity = await cognito.inject({
        method: 'POST',
        url: '/api/identity',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: '{}',
      });
      expect(identity.headers['x-amzn-errortype']).toBe('UnknownOperationException');
      expect((await cognito.inject('/api/auth/me')).statusCode).toBe(401);
    } finally {
      await cognito.close();
    }
  });

  it('answers unknown identity operations the way Cognito does', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/identity',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.Nope',
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-amzn-errortype']).toBe('UnknownOperationException');
    expect(res.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('publishes OpenAPI docs under /api/docs', async () => {
    expect((await app.inject('/api/docs')).statusCode).toBe(200);
    const spec = (await app.inject('/api/docs/json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/health', '/api/config']));
  });

  it('mounts Socket.IO at /socket.io on the same port', async () => {
    // Socket.IO listens on the HTTP server itself, which inject() bypasses: use a real port.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"sid"');
  });
});

describe('single-page app', () => {
  it('falls back to index.html for app routes, never for the API', async () => {
    for (const url of ['/', '/users?page=2', '/teams/12/chats', '/auth/sign-in']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject('/api/users')).headers['content-type']).toContain('application/json');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
