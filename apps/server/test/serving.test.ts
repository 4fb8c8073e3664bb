/**
 * How the built web app and the API leave the server (decision 014): precompressed assets,
 * compressed API JSON, caching, hidden source maps. The build is a small fixture folder with
 * the same shape as apps/web/dist, so no vite build runs inside the test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { buildSchool, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let webDist: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'fieldhouse-dist-'));
  mkdirSync(join(webDist, 'assets'));
  const write = (name: string, body: string, compressed = true) => {
    writeFileSync(join(webDist, name), body);
    if (!compressed) return;
    writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(webDist, `${name}.gz`), gzipSync(body));
  };
  write('index.html', html);
  write('assets/index-abc123.js', script);
  write('assets/index-abc123.js.map', '{"version":3,"sources":["secret/internal/path.ts"]}', false);
  write('assets/logo-abc123.png', 'not really a png', false);
  app = await buildTestApp({ WEB_DIST_DIR: webDist });
  school = await buildSchool(app);
});

afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web assets', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('serves index.html compressed and never cached, for the root and for app routes', async () => {
    for (const url of ['/', '/teams/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('does not serve source maps, even though they are on disk', async () => {
    for (const encoding of [undefined, 'br']) {
      const res = await get('/assets/index-abc123.js.map', encoding);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret/internal');
    }
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await get('/assets/index-gone99.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});

describe('API answers', () => {
  it('compresses JSON above 1 KB and leaves small answers alone', async () => {
    const { idToken } = await signInAs(app, school.director.email);
    const list = await app.inject({
      method: 'GET',
      url: '/api/user/list',
      headers: { authorization: `Bearer ${idToken}`, 'accept-encoding': 'br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(body.data.result.length).toBeGreaterThan(0);

    const small = await get('/api/config', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
