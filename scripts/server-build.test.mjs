// The server's bundle (scripts/server-build.mjs) against a small repository laid out like ours:
// built once, rebuilt only when an input changes, the sources bundled and packages left external.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureServerBuild, serverBundle } from './server-build.mjs';

let root;
const write = (path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fieldhouse-server-build-'));
  write('apps/server/package.json', '{"name":"@fieldhouse/server","type":"module"}');
  write('apps/server/src/greeting.ts', "export const greeting: string = 'ready';");
  write('apps/server/src/server.ts', "import { greeting } from './greeting.ts';\nconsole.log(greeting);");
  write('packages/shared/src/index.ts', 'export const a = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the server's bundle", () => {
  it('builds once, runs on Node without tsx, and builds again only when an input changes', async () => {
    expect(await ensureServerBuild({ root })).toBe('built');
    expect(execFileSync(process.execPath, [serverBundle(root)], { encoding: 'utf8' }).trim()).toBe('ready');
    expect(await ensureServerBuild({ root })).toBe('current');
    for (const [path, text] of [
      ['apps/server/src/greeting.ts', "export const greeting: string = 'changed';"],
      ['packages/shared/src/index.ts', 'export const a = 2;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      write(path, text);
      expect(await ensureServerBuild({ root }), path).toBe('built');
      expect(await ensureServerBuild({ root }), path).toBe('current');
    }
    expect(execFileSync(process.execPath, [serverBundle(root)], { encoding: 'utf8' }).trim()).toBe('changed');
  });

  it('bundles the sources and leaves packages to node_modules, but for drizzle-orm', async () => {
    write(
      'apps/server/src/server.ts',
      "import { z } from 'zod';\nimport { sql } from 'drizzle-orm';\nimport { greeting } from './greeting.ts';\nconsole.log(greeting, z, sql);",
    );
    write('node_modules/drizzle-orm/package.json', '{"name":"drizzle-orm","type":"module","exports":"./index.js"}');
    write('node_modules/drizzle-orm/index.js', "export const sql = 'bundled drizzle';");
    await ensureServerBuild({ root });
    const bundle = readFileSync(serverBundle(root), 'utf8');
    expect(bundle).toMatch(/from "zod"/);
    expect(bundle).not.toMatch(/from "drizzle-orm"/);
    expect(bundle).toContain('bundled drizzle');
    expect(bundle).toContain("'ready'".replace(/'/g, '"'));
  });

  it('forced, builds even when nothing changed', async () => {
    await ensureServerBuild({ root });
    expect(await ensureServerBuild({ root, force: true })).toBe('built');
  });
});
