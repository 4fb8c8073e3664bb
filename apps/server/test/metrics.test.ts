/**
 * Prometheus metrics (issue #14 item 6, decision 014): behind a bearer token on the main port or
 * on an internal port; latency by route pattern, sockets on this node, chat messages, event-loop
 * delay and the database (pool gauges on PostgreSQL).
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../src/metrics/routes.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { sample } from './helpers/metrics.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let app: TestApp;
let url: string;
let school: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp({ METRICS_TOKEN: TOKEN });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

const scrape = async () => {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('access', () => {
  it('answers 401 in the error shape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'Unauthorized', id: 'unauthorized' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('is not there at all when no token is configured: 404 like any unknown route, never the SPA', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: 'Route GET /metrics not found', id: 'route_not_found' });
    } finally {
      await plain.close();
    }
  });

  it('serves the same metrics without a token on the internal port, and nothing else there', async () => {
    const internal = await buildTestApp();
    try {
      const port = await listenForMetrics(internal, internal.metrics, 0, '127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('fieldhouse_sockets_connected 0');
      const other = await fetch(`http://127.0.0.1:${port}/api/user/list`);
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ statusCode: 404, id: 'route_not_found' });
      // The main port still has no /metrics without a token.
      expect((await internal.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await internal.close();
    }
  });
});

describe('what is measured', () => {
  it('times requests by route pattern, never by raw URL', async () => {
    const director = await as(app, school.director);
    await director.get(`/api/user/${school.coach.id}`);
    await director.get(`/api/user/${school.athlete.id}`);
    await app.inject('/api/no-such-route');
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/user/:id",status_code="200"}'),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain(`/api/user/${school.coach.id}"`);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/user/:id"');
  });

  it('counts sockets on this node and the chat messages sent through it', async () => {
    const before = await scrape();
    expect(sample(before, 'fieldhouse_sockets_connected')).toBe(0);
    const room = (
      await (await as(app, school.director)).post('/api/chat/rooms/direct', { userId: school.coach.id })
    ).json().data as { id: number };
    const director = await openSocket(app, url, school.director, sockets);
    await openSocket(app, url, school.coach, sockets);
    for (const message of ['Bus leaves at 3', 'Bring water']) {
      const ack = await emitWithAck<ChatMessage>(director, SOCKET_EVENTS.chatMessage, {
        roomId: room.id,
        message,
        messageType: 'TEXT',
        clientId: crypto.randomUUID(),
      });
      expect(ack.ok).toBe(true);
    }
    const after = await scrape();
    expect(sample(after, 'fieldhouse_sockets_connected')).toBe(2);
    expect(sample(after, 'fieldhouse_chat_messages_total{type="TEXT"}')).toBe(2);
    // Deliveries through Redis (decision 043): none on a node without it, every outcome shown
    // from zero so an alert on the refused rate sees the first one.
    for (const outcome of ['taken', 'refused', 'unanswered'])
      expect(sample(after, `fieldhouse_chat_deliveries_total{outcome="${outcome}"}`)).toBe(0);
  });

  it('reports event-loop delay, process figures and the database', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number));
    expect(text).toContain('process_cpu_user_seconds_total');
    const kind = app.database.kind;
    expect(sample(text, `fieldhouse_database_up{kind="${kind}"}`)).toBe(1);
    if (kind === 'postgres') {
      expect(sample(text, 'fieldhouse_database_pool_connections{state="total"}')).toBeGreaterThan(0);
      // The scrape's own database ping may be waiting for a fresh client.
      for (const state of ['idle', 'waiting']) {
        expect(sample(text, `fieldhouse_database_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
      }
    } else {
      // PGlite is one connection inside the process: there is no pool to report.
      expect(text).not.toContain('fieldhouse_database_pool_connections');
    }
  });
});
