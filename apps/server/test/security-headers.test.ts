/**
 * Security headers (issue #14 item 2, decision 014): every answer carries them, the page gets a
 * strict CSP with a fresh nonce that the HTML uses, its connect-src follows the configuration,
 * HSTS only behind https, swagger keeps its own page policy, and violation reports are logged.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { captureLogs } from './helpers/logs.ts';
import { buildAppServing } from './helpers/web-dist.ts';

const html = `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">
<script type="module" src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script>
<link rel="stylesheet" href="/assets/index-abc123.css" nonce="__CSP_NONCE__"></head><body><div id="root"></div></body></html>`;

const { stream, lines } = captureLogs();
const files = { 'index.html': html, 'assets/index-abc123.js': 'console.log(1)' };
let app: TestApp;

beforeAll(async () => {
  app = await buildAppServing(files, {}, { level: 'info', stream });
});
afterAll(() => app.close());

/** A policy as directive → sources. */
const parse = (policy: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );

describe('the page', () => {
  it('gets a strict policy whose nonce is fresh per response and fills every nonce of the HTML', async () => {
    const first = await app.inject('/');
    const second = await app.inject('/users/');
    const policy = parse(first.headers['content-security-policy']);
    const nonce = /^'nonce-(.+)'$/.exec(policy['script-src']?.[0] ?? '')?.[1] as string;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy['script-src']).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(policy['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['report-uri']).toEqual(['/api/csp-report']);
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    expect(policy['upgrade-insecure-requests']).toBeUndefined();

    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(first.body.split(`nonce="${nonce}"`)).toHaveLength(4);
    const secondNonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))?.[1];
    expect(secondNonce).not.toBe(nonce);
    expect(second.body).toContain(`nonce="${secondNonce}"`);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
    expect(first.headers['permissions-policy']).toContain('camera=()');
  });

  it('is compressed per response, with its nonce, and index.html is never served as a file', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`nonce="${nonce}"`);
    const direct = await app.inject('/index.html');
    expect(direct.body).not.toContain('__CSP_NONCE__');
    expect(direct.headers['content-security-policy']).toContain("'strict-dynamic'");
  });
});

describe('every answer', () => {
  it('carries nosniff, frame and referrer protection; anything but the page may load nothing', async () => {
    for (const url of ['/', '/api/config', '/assets/index-abc123.js', '/api/no-such-route', '/health']) {
      const res = await app.inject(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-xss-protection'], url).toBeUndefined();
      if (url !== '/') {
        expect(parse(res.headers['content-security-policy']), url).toEqual({
          'default-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'none'"],
          'frame-ancestors': ["'none'"],
        });
      }
    }
  });

  it('gives the API docs their own page policy: scripts from the server only', async () => {
    const res = await app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    const policy = parse(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('configuration', () => {
  it('behind https: HSTS, upgraded requests, and connect-src for the public address, Cognito and Sentry', async () => {
    const deployed = await buildAppServing(files, {
      PUBLIC_URL: 'https://athletics.westfield.example',
      IDENTITY_MODE: 'cognito',
      COGNITO_REGION: 'us-east-2',
      USER_POOL_ID: 'us-east-2_AbCdEf123',
      SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/4501',
    });
    try {
      const res = await deployed.inject('/');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const policy = parse(res.headers['content-security-policy']);
      expect(policy['connect-src']).toEqual([
        "'self'",
        'https://athletics.westfield.example',
        'wss://athletics.westfield.example',
        'https://cognito-idp.us-east-2.amazonaws.com',
        'https://o42.ingest.sentry.io',
      ]);
      expect(policy['upgrade-insecure-requests']).toEqual([]);
      expect((await deployed.inject('/api/config')).headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await deployed.close();
    }
  });
});

describe('violation reports', () => {
  const post = (type: string, payload: unknown, ip = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/api/csp-report',
      remoteAddress: ip,
      headers: { 'content-type': type },
      payload: JSON.stringify(payload),
    });

  it('logs what was blocked where, from report-uri and report-to, without secrets in the address', async () => {
    lines.length = 0;
    const legacy = await post('application/csp-report', {
      'csp-report': {
        'document-uri': 'https://athletics.example/api/calendar/feeds/s3cr3tFeed.ics?token=abc',
        'effective-directive': 'style-src-elem',
        'blocked-uri': 'inline',
        'source-file': 'https://athletics.example/assets/index-abc.js',
        'line-number': 3,
      },
    });
    expect(legacy.statusCode).toBe(204);
    const modern = await post('application/reports+json', [
      {
        type: 'csp-violation',
        body: {
          documentURL: 'https://athletics.example/home/',
          effectiveDirective: 'connect-src',
          blockedURL: 'https://evil.example/x',
        },
      },
      { type: 'deprecation', body: {} },
    ]);
    expect(modern.statusCode).toBe(204);
    const reported = lines.filter((l) => l.msg === 'content security policy violation');
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatchObject({
      level: 40,
      document: '/api/calendar/feeds/[redacted].ics?token=[redacted]',
      directive: 'style-src-elem',
      blocked: 'inline',
      line: 3,
    });
    expect(reported[1]).toMatchObject({
      document: '/home/',
      directive: 'connect-src',
      blocked: 'https://evil.example/x',
    });
    expect(JSON.stringify(lines)).not.toContain('s3cr3tFeed');
  });

  it('refuses junk in the error shape and limits each address to 30 reports a minute', async () => {
    const junk = await post('application/csp-report', { hello: 'world' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ statusCode: 400, id: 'validation_failed' });
    const report = { 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'data' } };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await post('application/csp-report', report, '198.51.100.9')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await post('application/csp-report', report, '198.51.100.9');
    expect(limited.json()).toMatchObject({ statusCode: 429, id: 'rate_limited' });
  });
});
