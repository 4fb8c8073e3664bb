import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app);
});
afterAll(async () => {
  await app.close();
});

const record = {
  type: 'authentication',
  message: 'Unauthorized',
  code: 401,
  timestamp: Date.now(),
  retryable: false,
};

describe('POST /api/telemetry/socket-errors', () => {
  it('keeps what a signed-in browser reports, with who reported it', async () => {
    const res = await (await as(app, school.director)).post('/api/telemetry/socket-errors', {
      ...record,
      context: { state: 'error' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(app.socketErrors.recent(1)[0]).toMatchObject({ type: 'authentication', userId: school.director.id });
  });

  it('accepts a report from a browser that lost its session', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/telemetry/socket-errors', payload: record });
    expect(res.statusCode).toBe(202);
    expect(app.socketErrors.recent(1)[0]).toMatchObject({ userId: null });
  });

  it('refuses a malformed report in the spec’s error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/telemetry/socket-errors',
      payload: { ...record, type: 'gremlins' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });
});

describe('flooding', () => {
  it('answers 429 after 30 reports a minute from one address', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/telemetry/socket-errors',
        payload: record,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: expect.any(String) });
  });
});
