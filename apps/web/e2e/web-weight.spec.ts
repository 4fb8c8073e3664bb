import { expect, test } from './fixtures.ts';
import { DEMO, submitSignIn } from './helpers.ts';
import { recordTransfers, scriptsOf, WEB_WEIGHT_BUDGET } from './web-weight.ts';

/** The script bytes `traffic` has seen, and the biggest scripts named for the failure message. */
function scriptBytes(traffic: Awaited<ReturnType<typeof recordTransfers>>) {
  const { scripts, total } = scriptsOf(traffic.transfers());
  const top = scripts
    .slice(0, 8)
    .map((t) => `${(t.bytes / 1024).toFixed(1)} KB ${new URL(t.url).pathname}`)
    .join('\n');
  return { total, top };
}

// Weight is not timing: the same build always sends the same bytes, so a budget here cannot flake.
// A screen's code that slips into the start-up (a route's search schema importing its component
// module, a chunk shared with later screens) shows up as a failure with the biggest scripts named.
test('the sign-in page and Home stay within their JavaScript budgets', async ({ page }) => {
  const signIn = await recordTransfers(page);
  await page.goto('/auth/sign-in', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const signInScripts = scriptBytes(signIn);
  expect(signInScripts.total, signInScripts.top).toBeLessThanOrEqual(WEB_WEIGHT_BUDGET.signIn);
  await submitSignIn(page, DEMO.admin);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await signIn.detach();

  // A director coming back: the session in storage, nothing cached.
  const home = await page.context().newPage();
  const homeTraffic = await recordTransfers(home);
  await home.goto('/', { waitUntil: 'networkidle' });
  await expect(home.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await home.waitForLoadState('networkidle');
  const homeScripts = scriptBytes(homeTraffic);
  expect(homeScripts.total, homeScripts.top).toBeLessThanOrEqual(WEB_WEIGHT_BUDGET.home);
});
