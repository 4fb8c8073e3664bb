/**
 * The real server process (`dist/server.mjs`, the bundle `npm start` and the image run; built by
 * `ensureServerBuild` first) and the operator commands (through tsx), started as children: for the
 * cluster script, the Node-version check and the tests that need a whole process (locks, signals,
 * start-up output).
 */
import { spawn } from 'node:child_process';
import { serverBundle } from '../../../../scripts/server-build.mjs';
import { serverDir } from '../paths.ts';

export type ProcessOptions = {
  /** The Node binary (another version's, say); this process's by default. */
  node?: string;
  /** Each line of output as it comes, e.g. to show a node's log with its name. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
};

function run(args: string[], env: Record<string, string>, options: ProcessOptions) {
  const child = spawn(options.node ?? process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = '';
    child[stream].on('data', (d: Buffer) => {
      output[stream] += d.toString();
      if (!options.onLine) return;
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line, stream);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Starts the built server with only PATH, quiet logs, 127.0.0.1 and `env` in its environment. The
 * caller builds it first (`ensureServerBuild`: the cluster does, and the tests' global set-up).
 */
export const startServerProcess = (env: Record<string, string>, options: ProcessOptions = {}) =>
  run(['--enable-source-maps', serverBundle()], { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, options);

export type ServerProcess = ReturnType<typeof startServerProcess>;

/** The address from the start-up banner (the banner says localhost; the server listens on 127.0.0.1). */
export async function serverUrl(server: ServerProcess, timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const port = server.output().stdout.match(/running at http:\/\/\S+:(\d+)/)?.[1];
    if (port) return `http://127.0.0.1:${port}`;
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${server.output().stderr}`);
}

/** Stops a server with SIGTERM (SIGKILL after 15 s) and waits for it. */
export async function stopServerProcess(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const forced = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(forced);
}

/** One operator command (`npm run migrate|backup|restore|admin`) in its own process, to its end. */
export async function runOps(args: string[], env: Record<string, string>, options: ProcessOptions = {}) {
  const command = run(['--import', 'tsx', 'src/ops/cli.ts', ...args], env, options);
  const code = await command.exited;
  return { code, ...command.output() };
}
