/**
 * compose.yaml's topology as plain processes, for machines without a container engine: two or
 * more Fieldhouse nodes on one PostgreSQL database and one Redis, behind Debian's nginx in the
 * foreground with a generated configuration in a temporary folder. `npm run cluster` runs it;
 * the failover test starts it and kills a node.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ensureServerBuild } from '../../../../scripts/server-build.mjs';
import { nginxConfig } from './nginx-config.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process.ts';

/** nginx on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

export type ClusterOptions = {
  nodes: number;
  /** The balancer's port on 127.0.0.1. */
  port: number;
  /** Each node's port on 127.0.0.1 (one per node). */
  nodePorts: number[];
  /** The cluster's own PostgreSQL database (it must exist; the nodes migrate it). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Shared by every node, as nodes on several machines share it. */
  identitySecret: string;
  /** Attachments: one folder every node writes to (a shared volume in compose). */
  dataDir: string;
  /** More environment for every node (SEED_DEMO, FIELDHOUSE_ADMIN_EMAIL…). */
  env?: Record<string, string>;
  exposeUpstream?: boolean;
  /** Where nodes' and nginx's lines go (with their name); nowhere by default. */
  log?: (name: string, line: string) => void;
};

export type ClusterNode = { name: string; server: ServerProcess; url: string };

export type Cluster = {
  url: string;
  nodes: ClusterNode[];
  /** Ends a node with `signal` (SIGKILL: as a crash) and waits for it to be gone. */
  kill: (index: number, signal?: NodeJS.Signals) => Promise<void>;
  /** Stops a node as a rolling deploy does (SIGTERM), starts it again on its port and waits for its health; how long each half took. */
  restart: (index: number) => Promise<{ stopMs: number; startMs: number }>;
  stop: () => Promise<void>;
};

async function waitForHealth(url: string, child: ChildProcess, what: string, log: () => string) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited: ${log()}`);
    const res = await fetch(`${url}/health`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer at ${url}: ${log()}`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (options.nodePorts.length !== options.nodes) throw new Error('one port per node');
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const log = options.log ?? (() => {});
  await ensureServerBuild({ log: (line) => log('build', line.trim()) });
  const prefix = mkdtempSync(join(tmpdir(), 'fieldhouse-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach their temporary folders in here.
  chmodSync(prefix, 0o755);
  mkdirSync(options.dataDir, { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const nodes: ClusterNode[] = [];
  let balancer: ChildProcess | undefined;

  const stop = async () => {
    if (balancer && balancer.exitCode === null) {
      const gone = new Promise((r) => balancer?.once('exit', r));
      balancer.kill('SIGTERM');
      await gone;
    }
    await Promise.all(nodes.map((node) => stopServerProcess(node.server)));
    rmSync(prefix, { recursive: true, force: true });
  };

  const startNode = (i: number) =>
    startServerProcess(
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(options.nodePorts[i]),
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        REDIS_PREFIX: options.redisPrefix,
        IDENTITY_SECRET: options.identitySecret,
        DATA_DIR: options.dataDir,
        // Links and the token issuer name the balancer, the one address people use.
        PUBLIC_URL: url,
        // Only the balancer on this machine may say who the client is.
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      },
      { onLine: (line) => log(`node${i + 1}`, line) },
    );

  try {
    // Started together, as a deployment starts them: migrations and the first seed run once.
    const servers = Array.from({ length: options.nodes }, (_, i) => ({ name: `node${i + 1}`, server: startNode(i) }));
    // The banner names PUBLIC_URL (the balancer), so each node is found by its own port.
    for (const [i, { name, server }] of servers.entries()) {
      const nodeUrl = `http://127.0.0.1:${options.nodePorts[i]}`;
      await waitForHealth(nodeUrl, server.child, name, () => server.output().stderr);
      nodes.push({ name, server, url: nodeUrl });
    }

    writeFileSync(
      join(prefix, 'nginx.conf'),
      nginxConfig({
        upstreams: nodes.map((node) => new URL(node.url).host),
        listen: `127.0.0.1:${options.port}`,
        prefix,
        exposeUpstream: options.exposeUpstream,
      }),
    );
    // -e: nginx opens its error log before reading the configuration; keep it in the folder too.
    const child = spawn(
      nginx,
      ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    balancer = child;
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (d: Buffer) => {
        output += d.toString();
        for (const line of d.toString().trimEnd().split('\n')) log('nginx', line);
      });
    }
    await waitForHealth(url, child, 'nginx', () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    nodes,
    kill: async (index, signal = 'SIGKILL') => {
      const node = nodes[index];
      if (!node || node.server.child.exitCode !== null || node.server.child.signalCode !== null) return;
      node.server.child.kill(signal);
      await node.server.exited;
    },
    restart: async (index) => {
      const node = nodes[index];
      if (!node) throw new Error(`no node ${index}`);
      const from = performance.now();
      await stopServerProcess(node.server);
      const stopped = performance.now();
      const server = startNode(index);
      await waitForHealth(node.url, server.child, node.name, () => server.output().stderr);
      nodes[index] = { ...node, server };
      return { stopMs: stopped - from, startMs: performance.now() - stopped };
    },
    stop,
  };
}
