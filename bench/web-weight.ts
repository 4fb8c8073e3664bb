/**
 * JavaScript over the wire, measured in Chromium: the sign-in page of a first visit, and the home
 * screen of a signed-in director opening the app again (cold cache both times). Counts every
 * script response's encoded bytes as the DevTools protocol reports them (body as sent, brotli
 * when the browser asked for it) and prints the biggest chunks. Budgets (issue #14): sign-in
 * ≤ 200 KB, home ≤ 330 KB; exits 1 when over.
 *
 * `npm run build --workspace @fieldhouse/web && node --import tsx bench/web-weight.ts`
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { defaultWebDistDir } from '../apps/server/src/http/spa.ts';
import { WEB_WEIGHT_BUDGET as BUDGET, recordTransfers, scriptsOf, type Transfer } from '../apps/web/e2e/web-weight.ts';
import { startBenchApp } from './bench-app.ts';

if (!existsSync(`${defaultWebDistDir}/index.html`)) {
  process.stderr.write('The web app is not built: run `npm run build --workspace @fieldhouse/web` first.\n');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(label: string, transfers: Transfer[], budget: number) {
  const { scripts, total } = scriptsOf(transfers);
  const headers = scripts.reduce((sum, t) => sum + t.headerBytes, 0);
  const encodings = [...new Set(scripts.map((t) => t.encoding))].join(', ');
  const styles = transfers.filter((t) => t.type === 'Stylesheet').reduce((sum, t) => sum + t.bytes, 0);
  process.stdout.write(
    `\n${label}: ${kb(total)} of JavaScript in ${scripts.length} files (${encodings}); budget ${kb(budget)} ${total <= budget ? 'OK' : 'OVER'}; plus ${kb(headers)} of response headers; CSS ${kb(styles)}\n`,
  );
  for (const t of scripts.slice(0, Number(process.env.TOP ?? 8))) {
    process.stdout.write(`  ${kb(t.bytes).padStart(9)}  ${new URL(t.url).pathname}\n`);
  }
  return total <= budget;
}

const bench = await startBenchApp({ SEED_DEMO: 'true' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
});
let ok = true;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });

  const signInPage = await context.newPage();
  const signInTraffic = await recordTransfers(signInPage);
  await signInPage.goto(`${bench.base}/auth/sign-in`, { waitUntil: 'networkidle' });
  await signInPage.getByRole('button', { name: 'Sign in' }).waitFor();
  ok = report('Sign-in page (first visit)', signInTraffic.transfers(), BUDGET.signIn) && ok;

  await signInPage.getByLabel('Username or e-mail').fill(bench.demoSignIn.email);
  await signInPage.getByLabel('Password', { exact: true }).fill(bench.demoSignIn.password);
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await signInPage.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
  await signInTraffic.detach();
  await signInPage.close();

  // A director coming back: the session is in storage, the browser cache is not used.
  const homePage = await context.newPage();
  const homeTraffic = await recordTransfers(homePage);
  await homePage.goto(`${bench.base}/`, { waitUntil: 'networkidle' });
  await homePage.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
  await homePage.waitForLoadState('networkidle');
  ok = report('Home after sign-in (returning visit)', homeTraffic.transfers(), BUDGET.home) && ok;
} finally {
  await browser.close();
  await bench.close();
}
process.exit(ok ? 0 : 1);
