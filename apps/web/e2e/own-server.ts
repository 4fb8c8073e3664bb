/**
 * A server a journey owns, so it can kill and restart it (the shared webServer must stay up).
 * Same command as playwright.config.ts, its own port and data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class OwnServer {
  private child: ChildProcess | undefined;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'fieldhouse-e2e-own-'));

  /** `env` adds to the server's environment: an empty install is `SEED_DEMO=false` plus the first admin. */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  private healthy() {
    return fetch(`${this.url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
  }

  async start() {
    // A leftover server on the port would answer for us and never go away when killed.
    if (await this.healthy()) throw new Error(`port ${this.port} is already serving`);
    this.child = spawn(process.execPath, ['--enable-source-maps', '../server/dist/server.mjs'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (await this.healthy()) return;
      if (this.child.exitCode !== null) throw new Error(`server on ${this.port} exited (${this.child.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server on ${this.port} did not start`);
  }

  /** Kills it hard, as a crash would: no goodbye to the sockets. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
