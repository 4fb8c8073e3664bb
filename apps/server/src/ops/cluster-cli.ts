/**
 * `npm run cluster`: compose.yaml's topology without a container engine (see cluster.ts).
 *
 *   npm run cluster -- [--nodes 2] [--port 8080] [--database-url postgres://…/postgres]
 *                      [--redis-url redis://127.0.0.1:6379] [--fresh]
 *
 * The nodes use their own database, `fieldhouse_cluster`, on the PostgreSQL server of
 * --database-url (created when missing, dropped and created again with --fresh), Redis keys
 * under `fieldhouse-cluster`, and ./data/cluster for attachments and the shared identity secret,
 * so a second run finds the same school. Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from './cluster.ts';
import { loadDotEnv } from './dot-env.ts';

const DATABASE = 'fieldhouse_cluster';
loadDotEnv();

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    fresh: { type: 'boolean', default: false },
  },
});
const nodes = Number(values.nodes);
const port = Number(values.port);
if (
  !Number.isInteger(nodes) ||
  nodes < 1 ||
  nodes > 8 ||
  !Number.isInteger(port) ||
  port < 1 ||
  port > 65_535 - nodes
) {
  process.stderr.write('--nodes must be 1–8 and --port a free port with the next --nodes ports free too\n');
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The cluster's database on the given server: created when missing, or anew with --fresh. */
async function clusterDatabase(serverUrl: string, fresh: boolean) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

const state = resolve(process.env.INIT_CWD ?? process.cwd(), 'data', 'cluster');
mkdirSync(state, { recursive: true });
const secretFile = join(state, 'identity-secret');
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('base64'), { mode: 0o600 });

try {
  const databaseUrl = await clusterDatabase(values['database-url'], values.fresh);
  say(`Starting ${nodes} nodes on PostgreSQL (${DATABASE}) and Redis, behind nginx…`);
  const cluster = await startCluster({
    nodes,
    port,
    nodePorts: Array.from({ length: nodes }, (_, i) => port + i + 1),
    databaseUrl,
    redisUrl: values['redis-url'],
    redisPrefix: 'fieldhouse-cluster',
    identitySecret: readFileSync(secretFile, 'utf8').trim(),
    dataDir: join(state, 'files'),
    env: { SEED_DEMO: process.env.SEED_DEMO ?? 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    log: (name, line) => {
      if (line.trim()) say(`[${name}] ${line}`);
    },
  });
  say('');
  say(`  Fieldhouse cluster at ${cluster.url} (nginx, sticky by client address)`);
  for (const node of cluster.nodes) say(`  ${node.name}: ${node.url} (pid ${node.server.child.pid})`);
  say('  Stop a node with `kill <pid>` to see its clients move to the others; Ctrl-C stops all.');
  say('');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('Stopping the cluster…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  process.stderr.write(`The cluster did not start: ${(error as Error).message}\n`);
  process.exit(1);
}
