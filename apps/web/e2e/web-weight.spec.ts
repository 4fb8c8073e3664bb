import type { Page } from '@playwright/test';
import { WEB_WEIGHT_BUDGET } from './budgets.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, submitSignIn } from './helpers.ts';

/** Script bytes as sent (the body, compressed) for every script `page` loads, cache disabled. */
async function scriptTraffic(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; headerBytes: number }>();
  const bodies: { url: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script')
      scripts.set(event.requestId, { url: event.response.url, headerBytes: event.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) bodies.push({ url: script.url, bytes: event.encodedDataLength - script.headerBytes });
  });
  return {
    total: () => bodies.reduce((sum, body) => sum + body.bytes, 0),
    /** The biggest scripts, for the failure message. */
    top: () =>
      bodies
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 8)
        .map((body) => `${(body.bytes / 1024).toFixed(1)} KB ${new URL(body.url).pathname}`)
        .join('\n'),
    detach: () => cdp.detach(),
  };
}

// Weight is not timing: the same build always sends the same bytes, so a budget here cannot flake.
// A screen's code that slips into the start-up (a route's search schema importing its component
// module, a chunk shared with later screens) shows up as a failure with the biggest scripts named.
test('the sign-in page and Home stay within their JavaScript budgets', async ({ page }) => {
  const signIn = await scriptTraffic(page);
  await page.goto('/auth/sign-in', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(signIn.total(), signIn.top()).toBeLessThanOrEqual(WEB_WEIGHT_BUDGET.signIn);
  await submitSignIn(page, DEMO.admin);
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await signIn.detach();

  // A director coming back: the session in storage, nothing cached.
  const home = await page.context().newPage();
  const homeTraffic = await scriptTraffic(home);
  await home.goto('/', { waitUntil: 'networkidle' });
  await expect(home.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 15_000 });
  await home.waitForLoadState('networkidle');
  expect(homeTraffic.total(), homeTraffic.top()).toBeLessThanOrEqual(WEB_WEIGHT_BUDGET.home);
});
