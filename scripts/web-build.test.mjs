// The start-up build (scripts/web-build.mjs) against a small repository laid out like ours, with a
// stand-in for Vite's command line that writes a build and counts its runs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureWebBuild, sourcesHash } from './web-build.mjs';

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const builds = () => Number(readFileSync(join(root, 'builds.txt'), 'utf8'));
const quiet = { log: () => {} };

/** A Vite that empties dist like the real one, writes index.html and counts how often it ran. */
function installFakeVite() {
  write('node_modules/vite/package.json', JSON.stringify({ name: 'vite', version: '0.0.0' }));
  write(
    'node_modules/vite/bin/vite.js',
    `const fs = require('node:fs');
const count = Number(fs.existsSync('../../builds.txt') ? fs.readFileSync('../../builds.txt', 'utf8') : 0) + 1;
fs.writeFileSync('../../builds.txt', String(count));
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist');
fs.writeFileSync('dist/index.html', '<!doctype html>');`,
  );
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fieldhouse-web-build-'));
  write('apps/web/package.json', '{"name":"@fieldhouse/web"}');
  write('apps/web/src/main.tsx', 'export {};');
  write('packages/shared/src/index.ts', 'export const a = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the start-up build', () => {
  it('builds once, then only when a source, the shared package or the lockfile changes', async () => {
    installFakeVite();
    expect(await ensureWebBuild({ root, ...quiet })).toBe('built');
    expect(await ensureWebBuild({ root, ...quiet })).toBe('current');
    expect(builds()).toBe(1);
    for (const [path, text] of [
      ['apps/web/src/main.tsx', 'export const changed = 1;'],
      ['packages/shared/src/index.ts', 'export const a = 2;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['apps/web/src/new-file.ts', 'export {};'],
    ]) {
      write(path, text);
      expect(await ensureWebBuild({ root, ...quiet }), path).toBe('built');
      expect(await ensureWebBuild({ root, ...quiet }), path).toBe('current');
    }
    expect(builds()).toBe(5);
    // Tests are not part of the build.
    write('apps/web/src/main.test.tsx', 'it("x", () => {});');
    expect(await ensureWebBuild({ root, ...quiet })).toBe('current');
    expect(await ensureWebBuild({ root, force: true, ...quiet })).toBe('built');
  });

  it('says in one line what happened', async () => {
    installFakeVite();
    const lines = [];
    await ensureWebBuild({ root, log: (line) => lines.push(line) });
    write('apps/web/src/main.tsx', 'export const changed = 1;');
    await ensureWebBuild({ root, log: (line) => lines.push(line) });
    expect(lines[0]).toBe('  Building the web app…');
    expect(lines[1]).toMatch(/^ {2}Built in \d+\.\d s\.$/);
    expect(lines[2]).toBe('  Building the web app (its sources changed)…');
  });

  it('without dev dependencies serves an existing build as it is, and explains when there is none', async () => {
    await expect(ensureWebBuild({ root, ...quiet })).rejects.toThrow(
      'The web app is not built and Vite is not installed: run `npm ci` (with dev dependencies), then `npm start`.',
    );
    write('apps/web/dist/index.html', '<!doctype html>');
    const lines = [];
    expect(await ensureWebBuild({ root, log: (line) => lines.push(line) })).toBe('current');
    expect(lines).toEqual(['  Vite is not installed (no dev dependencies): serving the web app as it was built.']);
  });

  it('builds the member app apart, with its own stamp', async () => {
    installFakeVite();
    write('apps/member/package.json', '{"name":"@fieldhouse/member"}');
    write('apps/member/src/main.tsx', 'export {};');
    const lines = [];
    expect(await ensureWebBuild({ root, log: (line) => lines.push(line) })).toBe('built');
    expect(builds()).toBe(2);
    expect(lines.filter((line) => line.startsWith('  Building'))).toEqual([
      '  Building the web app…',
      '  Building the member app…',
    ]);
    write('apps/member/src/main.tsx', 'export const changed = 1;');
    expect(await ensureWebBuild({ root, ...quiet })).toBe('built');
    expect(builds()).toBe(3);
    expect(await ensureWebBuild({ root, ...quiet })).toBe('current');
  });

  it('fingerprints names as well as contents', () => {
    const before = sourcesHash(root);
    rmSync(join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/renamed.tsx', 'export {};');
    expect(sourcesHash(root)).not.toBe(before);
  });
});
