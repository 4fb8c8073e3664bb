import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz copies of text assets that decompress to the original, and nothing else (not the page)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const teams = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `team ${i}`))};\n`;
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
    writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), js);
    writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096));
    // Big enough to compress, but the server compresses the page itself (it carries a fresh nonce).
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>x</title>${'<meta name="x">'.repeat(200)}`);

    expect(await precompressDir(dir)).toBe(1);
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'index-abc123.js.map',
      'logo-abc123.png',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['assets', 'index.html']);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-abc123.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc123.js.gz'))).toString()).toBe(js);
  });
});
