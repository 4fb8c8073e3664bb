/**
 * The real process, as `npm start` runs it: a bad setting stops start-up with one line, SIGTERM
 * shuts down cleanly, and a restart keeps the data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForUrl(run: ReturnType<typeof start>): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const match = run.output().stdout.match(/running at (http:\/\/\S+)/);
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output().stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const stop = async (child: ChildProcess, exited: Promise<number | null>) => {
  child.kill('SIGTERM');
  return exited;
};

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
    const url = await waitForUrl(first);
    expect(first.output().stdout).toMatch(/Demo sign-in: admin@\S+ \/ \S+/);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await stop(first.child, first.exited)).toBe(0);

    const second = start({ PORT: '0', DATA_DIR: dataDir });
    const url2 = await waitForUrl(second);
    expect(second.output().stdout).not.toContain('Demo data seeded');
    expect((await fetch(`${url2}/health`)).status).toBe(200);
    expect(await stop(second.child, second.exited)).toBe(0);
  }, 90_000);
});
