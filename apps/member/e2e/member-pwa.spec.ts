import { expect, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/** The member app installs (manifest, icons) and its service worker keeps the app shell offline (decision 021). */
test.use({
  ...PHONE,
  // Offline, the browser reports the requests it could not make; that is what this journey does.
  allowedConsoleErrors: /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/,
});

test('the manifest names the app, its scope and its icons, and every icon loads', async ({ page, request }) => {
  await page.goto('/m/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/m/manifest.webmanifest');
  const manifest = (await (await request.get(href as string)).json()) as {
    name: string;
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Fieldhouse', start_url: '/m/', scope: '/m/', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

test('the service worker takes the page, and the app shell opens offline', async ({ page, context }) => {
  await signInMember(page, MEMBERS.athlete);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/m/');
  // The first page was loaded before the worker existed; the next one goes through it.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    // The shell starts from the cache: the page, its scripts and the settings; the API answers nothing.
    await expect(page.getByText('Fieldhouse').first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle('Fieldhouse');
  } finally {
    await context.setOffline(false);
  }
});
