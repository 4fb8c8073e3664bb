/**
 * What the server logs (issue #14 item 3, decision 014): one line per request worth reading,
 * none for assets and probes, secrets in URLs redacted, request ids unique across nodes and
 * returned on every answer; readable lines or JSON from the real process, with no dev dependency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { captureLogs } from './helpers/logs.ts';
import { type ServerProcess, serverUrl, startServerProcess } from './helpers/server-process.ts';
import { buildAppServing } from './helpers/web-dist.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { stream, lines } = captureLogs();
let app: TestApp;

beforeAll(async () => {
  const files = {
    'index.html': '<!doctype html><div id="root"></div>',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/main-abc123.js': 'console.log(1)',
  };
  app = await buildAppServing(files, {}, { level: 'info', stream });
});
afterAll(() => app.close());

/** The request lines logged for `url` (by path), after the answer has gone. */
const requestLines = (path: string) =>
  lines.filter((l) => l.msg === 'request completed' && l.req?.url.startsWith(path));

describe('request lines', () => {
  it('logs one line per API call and page, with method, status, time and request id', async () => {
    lines.length = 0;
    const res = await app.inject('/api/config');
    const page = await app.inject('/teams/12');
    expect(page.statusCode).toBe(200);
    const [line, ...more] = requestLines('/api/config');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/config' }, res: { statusCode: 200 } });
    expect(line?.reqId).toBe(res.headers['x-request-id']);
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(requestLines('/teams/12')).toHaveLength(1);
    // Fastify's own "incoming request" lines are gone: one line per request.
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('says nothing about assets, the favicon, health probes or metrics scrapes', async () => {
    lines.length = 0;
    for (const url of [
      '/assets/main-abc123.js',
      '/favicon.svg',
      '/health',
      '/ready',
      '/metrics',
      '/api/docs/static/index.css',
    ]) {
      await app.inject(url);
    }
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);
  });

  it('never writes a calendar feed’s secret or a token or code from a query string', async () => {
    lines.length = 0;
    const secret = 'Zk3pQ9vX2mL8rT5wY1nB';
    await app.inject(`/api/calendar/feeds/${secret}.ics`);
    await app.inject(`/api/config?token=${secret}&code=482913&view=week`);
    await app.inject(`/auth/reset?code=482913&email=a%40b.org`);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('482913');
    expect(requestLines('/api/calendar/feeds/')[0]?.req?.url).toBe('/api/calendar/feeds/[redacted].ics');
    expect(requestLines('/api/config')[0]?.req?.url).toBe('/api/config?token=[redacted]&code=[redacted]&view=week');
    expect(requestLines('/auth/reset')[0]?.req?.url).toBe('/auth/reset?code=[redacted]&email=a%40b.org');
  });
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id from the proxy, logs it and sends it back', async () => {
    lines.length = 0;
    const id = '5f0c8a6e2b9d4f1a8c3e7b6d9a0f1e2c';
    const res = await app.inject({ url: '/api/config', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(requestLines('/api/config')[0]?.reqId).toBe(id);
  });

  it('replaces a malformed one with a random id, and gives every answer one, errors included', async () => {
    for (const given of ['has spaces', 'x'.repeat(200), 'line\nbreak', '"quoted"', '']) {
      const res = await app.inject({ url: '/api/config', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
    }
    for (const url of ['/api/no-such-route', '/assets/missing.js', '/health', '/']) {
      expect((await app.inject(url)).headers['x-request-id'], url).toMatch(UUID);
    }
  });

  it('does not repeat across nodes: two apps count from nothing and still differ', async () => {
    const other = await buildTestApp();
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 20; i++) {
        ids.add(String((await app.inject('/health')).headers['x-request-id']));
        ids.add(String((await other.inject('/health')).headers['x-request-id']));
      }
      expect(ids.size).toBe(40);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('the real process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-logs-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const stop = async (run: ServerProcess) => {
    run.child.kill('SIGTERM');
    return run.exited;
  };

  it('prints readable lines with LOG_FORMAT=pretty (no pino-pretty needed) and JSON in production', async () => {
    const env = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false' };
    const pretty = startServerProcess({ ...env, NODE_ENV: 'production', LOG_FORMAT: 'pretty' });
    const url = await serverUrl(pretty);
    await fetch(`${url}/api/config`);
    expect(await stop(pretty)).toBe(0);
    const prettyOut = pretty.output().stdout;
    expect(prettyOut).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/config 200 \d+ ms \(req [0-9a-f-]{36}\)$/m);
    expect(prettyOut).not.toContain('{"level"');

    const json = startServerProcess({ ...env, NODE_ENV: 'production' });
    const url2 = await serverUrl(json);
    await fetch(`${url2}/api/config`);
    expect(await stop(json)).toBe(0);
    const logLines = json
      .output()
      .stdout.split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    expect(logLines.find((l) => l.msg === 'request completed')?.req?.url).toBe('/api/config');
  }, 90_000);
});
