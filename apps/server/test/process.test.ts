/**
 * The real process, as `npm start` runs it: a bad setting stops start-up with one line, SIGTERM
 * shuts down cleanly, and a restart keeps the data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, serverUrl, startServerProcess } from './helpers/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const stop = async ({ child, exited }: ServerProcess) => {
  child.kill('SIGTERM');
  return exited;
};
const start = (env: Record<string, string>) => startServerProcess({ NODE_ENV: 'production', ...env });

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('server process', () => {
  it('refuses PORT=abc with one clear line', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exited).not.toBe(0);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('seeds, prints the sign-in, shuts down on SIGTERM and keeps data across restarts', async () => {
    const first = start({ PORT: '0', DATA_DIR: dataDir });
    const url = await serverUrl(first);
    const banner = first.output().stdout;
    expect(banner).toMatch(/Demo sign-in: admin@\S+ \/ \S+/);
    expect(banner).toContain(`Database:  PGlite in ${dataDir}`);
    expect(banner).toContain('Sign-in:   embedded user pool');
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await stop(first)).toBe(0);

    const second = start({ PORT: '0', DATA_DIR: dataDir });
    const url2 = await serverUrl(second);
    expect(second.output().stdout).not.toContain('Demo data seeded');
    // The demo's sign-in is still printed: people restart and forget it.
    expect(second.output().stdout).toMatch(/Demo sign-in: admin@\S+ \/ \S+ \(unless you changed it\)/);
    expect((await fetch(`${url2}/health`)).status).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 90_000);

  it('runs the digest job on its interval and still stops at once on SIGTERM', async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'fieldhouse-digest-'));
    const run = start({
      PORT: '0',
      DATA_DIR: ownDir,
      SEED_DEMO: 'false',
      DIGEST_CHECK_SECONDS: '1',
      LOG_LEVEL: 'debug',
    });
    await serverUrl(run);
    const rounds = () =>
      run
        .output()
        .stdout.split('\n')
        .filter((line) => line.includes('"digest round"')).length;
    for (const started = Date.now(); rounds() < 2 && Date.now() - started < 10_000; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds()).toBeGreaterThanOrEqual(2);
    const stopping = Date.now();
    expect(await stop(run)).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(run.output().stdout).not.toContain('"digest round failed"');
    rmSync(ownDir, { recursive: true, force: true });
  }, 120_000);
});
