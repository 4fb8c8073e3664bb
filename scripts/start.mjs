#!/usr/bin/env node
// `npm start`: build the web apps and the server bundle if their sources changed since the last
// build (quietly), then run the server, which prints where it is running. Signals go to the
// server, whose exit code is ours.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverBundle } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await ensureWebBuild();
  await ensureServerBuild({ log: (line) => process.stdout.write(`${line}\n`) });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

// The server workspace's `start` command, without npm's lines around it or a note about a missing .env.
const envFile = join(root, '.env');
const args = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--enable-source-maps', serverBundle()];
const server = spawn(process.execPath, args, {
  cwd: join(root, 'apps/server'),
  // npm sets INIT_CWD to where it was run; relative DATA_DIRs mean that folder (config.ts).
  env: { INIT_CWD: process.cwd(), ...process.env },
  stdio: 'inherit',
});
// Ctrl-C reaches both processes; the server shuts down gracefully and we wait for it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
