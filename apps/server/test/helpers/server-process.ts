/** The real server process (`node --import tsx src/server.ts`), as `npm start` runs it. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the server with only PATH, quiet logs, 127.0.0.1 and `env` in its environment. */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
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

export type ServerProcess = ReturnType<typeof startServerProcess>;

/** The address from the start-up banner (the banner says localhost; the server listens on 127.0.0.1). */
export async function serverUrl(run: ServerProcess): Promise<string> {
  for (let i = 0; i < 900; i++) {
    const port = run.output().stdout.match(/running at http:\/\/\S+:(\d+)/)?.[1];
    if (port) return `http://127.0.0.1:${port}`;
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output().stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${run.output().stderr}`);
}
