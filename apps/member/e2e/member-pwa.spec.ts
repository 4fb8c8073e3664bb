import { directorWithCoach, expect, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

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
    // Its splash or its own header, whichever is up: the page keeps the splash, hidden, after it.
    await expect(page.getByText('Fieldhouse').filter({ visible: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle('Fieldhouse');
  } finally {
    await context.setOffline(false);
  }
});

test('last-read conversations open offline, and the app says so; back online it is live again', async ({
  page,
  context,
  baseURL,
  shot,
}) => {
  const base = baseURL as string;
  const suffix = Date.now().toString(36);
  const { director, roomId } = await directorWithCoach(base);
  try {
    await director.send(roomId, `Bus leaves at 3:15 from the north lot ${suffix}`);

    await signInMember(page, MEMBERS.coach);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    // Read the conversation once online; the copy is written a moment later.
    await page.goto(`/m/chats/${roomId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText(`north lot ${suffix}`);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const copy = JSON.parse(localStorage.getItem('fieldhouse.member.offline.v1') ?? '{"queries":{"queries":[]}}');
          return (copy.queries.queries as { queryKey: unknown[] }[]).some(
            (q) => q.queryKey[1] === 'messages' && JSON.stringify(q).includes('north lot'),
          );
        }),
      )
      .toBe(true);
    // Every file of the build is in the worker's cache before the network goes (the worker fetched
    // them itself, from the build's list).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const wanted: string[] = await (await fetch('/m/asset-manifest.json')).json();
            const cache = await caches.open('fieldhouse-member-assets-v1');
            const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
            return wanted.length > 10 && wanted.every((url) => kept.has(url));
          }),
        { timeout: 30_000 },
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      await page.goto('/m/chats');
      await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible({ timeout: 15_000 });
      const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: suffix });
      await expect(row).toBeVisible();
      await row.click();
      await expect(log).toContainText(`Bus leaves at 3:15 from the north lot ${suffix}`);
      await shot('member-offline-thread');
    } finally {
      await context.setOffline(false);
    }
    // Back online: the server answers again, the notice goes and new messages arrive live.
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toHaveCount(0, { timeout: 40_000 });
    await director.send(roomId, `Change: 3:30 instead ${suffix}`);
    await expect(log).toContainText(`3:30 instead ${suffix}`, { timeout: 20_000 });

    // Signing out deletes the copy: offline, the next person sees sign-in, not these messages.
    await page.goto('/m/profile');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/auth\/sign-in/);
    expect(await page.evaluate(() => localStorage.getItem('fieldhouse.member.offline.v1'))).toBeNull();
  } finally {
    director.close();
  }
});
