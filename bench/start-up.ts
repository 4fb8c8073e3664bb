/**
 * How long a server takes from spawn to answering /health (decision 035): the bundle every way of
 * running uses (`apps/server/dist/server.mjs`) against the sources through tsx, as they ran
 * before, and a bare `node:http` server as the baseline (what spawning Node costs on this machine).
 * The three take turns, several rounds, on one PostgreSQL database the bench creates and drops
 * (migrated by the first start), under each supported Node in `.cache/` or this one.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/start-up.ts [--rounds 5]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cachedNodeBinaries } from '../apps/server/src/ops/node-versions.ts';
import { serverDir } from '../apps/server/src/paths.ts';
import { ensureServerBuild, serverBundle } from '../scripts/server-build.mjs';
import { median } from './stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL is required (a PostgreSQL server the bench may create a database on)');

const name = `fh_bench_start_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

await ensureServerBuild();
const PORT = 4700 + Math.floor(Math.random() * 200);
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT}, '127.0.0.1')`;
const ways = {
  baseline: ['-e', BARE],
  bundle: ['--enable-source-maps', serverBundle()],
  tsx: ['--import', 'tsx', 'src/server.ts'],
} as const;

const healthy = () =>
  fetch(`http://127.0.0.1:${PORT}/health`)
    .then((r) => r.ok)
    .catch(() => false);

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

/** Milliseconds from spawn until /health answers 200. */
async function timeStart(node: string, args: readonly string[]) {
  const started = performance.now();
  const child = spawn(node, [...args], {
    cwd: serverDir,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      IDENTITY_SECRET: 'c'.repeat(64),
    },
  });
  try {
    while (!(await healthy())) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const nodes = cachedNodeBinaries().filter((n) => n.path);
const binaries = nodes.length ? nodes.map((n) => ({ label: `Node ${n.major}`, path: n.path as string })) : [];
if (!binaries.length) binaries.push({ label: process.version, path: process.execPath });

try {
  // The first start migrates the empty database; it is not counted.
  await timeStart(binaries[0]?.path as string, ways.bundle);
  process.stdout.write(`Spawn to /health, PostgreSQL, ${rounds} rounds (median / worst, ms):\n`);
  for (const { label, path } of binaries) {
    const times: Record<keyof typeof ways, number[]> = { baseline: [], bundle: [], tsx: [] };
    for (let round = 0; round < rounds; round++) {
      for (const way of Object.keys(ways) as (keyof typeof ways)[]) times[way].push(await timeStart(path, ways[way]));
    }
    const figure = (way: keyof typeof ways) =>
      `${median(times[way]).toFixed(0)} / ${Math.max(...times[way]).toFixed(0)}`;
    const ratio = (way: keyof typeof ways) => (median(times[way]) / median(times.baseline)).toFixed(1);
    process.stdout.write(
      `  ${label.padEnd(8)} baseline ${figure('baseline')}   bundle ${figure('bundle')} (${ratio('bundle')}× baseline)   tsx ${figure('tsx')} (${ratio('tsx')}×)   bundle/tsx ${(median(times.bundle) / median(times.tsx)).toFixed(2)}\n`,
    );
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
