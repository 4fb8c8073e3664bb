/**
 * `npm start` on every supported Node version: the server, started by that version's registry
 * binary on an empty DATA_DIR, seeds the demo school (an SRP verifier for each of ~1000 people:
 * Node 24.21 once took minutes here) and the demo director signs in with SRP as the web app does.
 * Runs where `.ci/run` has put the binaries in .cache/ (the versions' own suite runs skip it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedNodeBinaries } from '../src/ops/node-versions.ts';
import { DEMO_ADMIN } from '../src/seed/demo.ts';
import { srpSignInAt } from './helpers/identity-client.ts';
import { serverUrl, startServerProcess, stopServerProcess } from './helpers/server-process.ts';

const inVersionRun = process.env.FIELDHOUSE_NODE_VERSION_RUN === '1';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB_KIND === 'postgres' || inVersionRun)('supported Node versions', () => {
  for (const { major, path } of cachedNodeBinaries()) {
    it.skipIf(!path)(
      `Node ${major}: starts with the demo and signs the director in${path ? '' : ' (SKIPPED: not in .cache/; .ci/run installs it)'}`,
      async () => {
        const node = path as string;
        expect(execFileSync(node, ['--version']).toString()).toMatch(new RegExp(`^v${major}\\.`));
        const dataDir = mkdtempSync(join(tmpdir(), `fieldhouse-node${major}-`));
        dirs.push(dataDir);
        const started = performance.now();
        const server = startServerProcess({ NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir }, { node });
        try {
          const url = await serverUrl(server, 100_000);
          expect(server.output().stdout).toContain('Demo data seeded');
          const seconds = (performance.now() - started) / 1000;
          // The SRP regression made this take minutes; a healthy start with the demo takes seconds.
          expect(seconds).toBeLessThan(60);
          const token = await srpSignInAt(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
          const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
          expect(me.status).toBe(200);
          const health = (await (await fetch(`${url}/health`)).json()) as { status: string };
          expect(health.status).toBe('ok');
        } finally {
          await stopServerProcess(server);
        }
      },
      120_000,
    );
  }
});
