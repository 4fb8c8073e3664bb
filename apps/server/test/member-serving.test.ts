/**
 * The member app beside the admin app (decision 021): its build under /m/ with its own page and
 * history fallback, the same per-response CSP nonce, and the admin app unchanged at /.
 */
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeWebDist } from './helpers/web-dist.ts';

const page = (name: string) =>
  `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" nonce="__CSP_NONCE__" src="/${name}.js"></script></head><body>${name}</body></html>`;

let app: TestApp;
const web = makeWebDist({ 'index.html': page('admin'), 'assets/admin-1.js': 'export {};' });
const member = makeWebDist({
  'index.html': page('member'),
  'assets/member-1.js': 'export const member = 1;',
  'assets/member-1.js.map': '{}',
  'manifest.webmanifest': '{"name":"Fieldhouse"}',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'sw.js.br': brotliCompressSync('self.addEventListener("fetch", () => {});'),
});

beforeAll(async () => {
  app = await buildTestApp({ WEB_DIST_DIR: web.dir, MEMBER_DIST_DIR: member.dir });
});
afterAll(async () => {
  await app.close();
  web.remove();
  member.remove();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the member app under /m/', () => {
  it('serves its own page for /m, /m/ and its deep links, with a fresh nonce named in the CSP', async () => {
    const nonces = new Set<string>();
    for (const url of [
      '/m',
      '/m/',
      '/m/schedule',
      '/m/schedule/12@2026-01-01',
      '/m/auth/sign-in?redirect=%2Fprofile',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<body>member</body>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1] ?? '';
      expect(nonce, url).not.toBe('__CSP_NONCE__');
      expect(res.headers['content-security-policy'], url).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  it('serves its hashed assets for a year and its other files uncached; maps and missing files are 404', async () => {
    const asset = await get('/m/assets/member-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const member = 1;');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/m/manifest.webmanifest', '/m/sw.js']) {
      const res = await get(file);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control'], file).toBe('no-cache');
    }
    // The worker runs under its own script's policy: it may fetch its origin (the shell it caches).
    for (const encoding of [undefined, 'br']) {
      const worker = await app.inject({
        method: 'GET',
        url: '/m/sw.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
    }
    for (const missing of ['/m/assets/member-1.js.map', '/m/assets/gone-2.js', '/m/index.html']) {
      const res = await get(missing);
      expect(res.statusCode, missing).toBe(missing === '/m/index.html' ? 200 : 404);
      if (missing === '/m/index.html') expect(res.body).toContain('<body>member</body>');
    }
  });

  it('leaves the admin app where it was', async () => {
    for (const url of ['/', '/home/', '/messages', '/mobile']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<body>admin</body>');
    }
    expect((await get('/assets/admin-1.js')).statusCode).toBe(200);
    // The member app's files are not the admin app's.
    expect((await get('/assets/member-1.js')).statusCode).toBe(404);
    expect((await get('/api/nothing')).statusCode).toBe(404);
  });
});

describe('without a member build', () => {
  it('says the member app is not built, and the admin app still works', async () => {
    const empty = makeWebDist({});
    const bare = await buildTestApp({ WEB_DIST_DIR: web.dir, MEMBER_DIST_DIR: empty.dir });
    try {
      const res = await bare.inject({ method: 'GET', url: '/m/schedule' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/member app is not built/);
      expect((await bare.inject({ method: 'GET', url: '/teams' })).statusCode).toBe(200);
      expect((await bare.inject({ method: 'GET', url: '/assets/admin-1.js' })).statusCode).toBe(200);
    } finally {
      await bare.close();
      empty.remove();
    }
  });
});
