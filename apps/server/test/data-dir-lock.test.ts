/**
 * Two real server processes on one PGlite DATA_DIR: the second refuses with one line and code 1,
 * and a lock left by a killed process (its pid is dead) does not keep the next start out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { serverUrl, startServerProcess } from './helpers/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => startServerProcess({ NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false' });

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('DATA_DIR lock', () => {
  it('refuses a second process, and takes over the lock of a killed one', async () => {
    const first = start();
    const url = await serverUrl(first);
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));

    const second = start();
    expect(await second.exited).toBe(1);
    const lines = second.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`in use by another Fieldhouse process (pid ${first.child.pid})`);
    // The refused process did not touch the first one's lock or service.
    expect((await fetch(`${url}/health`)).status).toBe(200);

    // SIGKILL leaves the lock file behind with a dead pid: stale, so the next start goes ahead.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const third = start();
    const url3 = await serverUrl(third);
    expect((await fetch(`${url3}/health`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean shutdown releases the lock.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
