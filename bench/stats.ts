/** The middle of the figures, averaging the two middle ones when there is an even count. */
export function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Runs `fn` `warmup` times untimed, then `rounds` times timed, prints its p50 and p95 after
 * `label`, and returns the p95 (ms): the benches' ratios are of p95s.
 */
export async function measureP95(
  label: string,
  fn: () => Promise<unknown>,
  { rounds, warmup = 20, width = 34 }: { rounds: number; warmup?: number; width?: number },
) {
  for (let i = 0; i < Math.min(warmup, rounds); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] as number;
  process.stdout.write(
    `  ${label.padEnd(width)} p50 ${at(0.5).toFixed(2).padStart(7)} ms   p95 ${at(0.95).toFixed(2).padStart(7)} ms\n`,
  );
  return at(0.95);
}
