import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * The Content-Security-Policy holds (decision 014): the page's own scripts and styles run with the
 * response's nonce, anything injected is refused and reported, and the API docs work under theirs.
 * Every other journey already fails on a violation (fixtures.ts).
 */
test('the page runs under a nonce policy that refuses injected scripts and styles', async ({ browser }) => {
  // A page outside the fixture: this journey provokes violations on purpose.
  const page = await browser.newPage();
  const response = await page.goto('/auth/sign-in');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The build's placeholder was replaced with this response's nonce everywhere.
  const html = await response?.text();
  expect(html).not.toContain('__CSP_NONCE__');
  expect(html).toContain(`nonce="${nonce}"`);

  // What an HTML injection could do: markup with an inline handler and a style attribute, and a
  // <style> element without the nonce. 'strict-dynamic' still lets the app's own code add scripts.
  const outcome = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const box = document.createElement('div');
    box.innerHTML =
      '<img src="/no-such-image.png" onerror="window.injected = true">' +
      '<p id="styled" style="color: rgb(255, 0, 0)">injected</p>';
    document.body.append(box);
    const style = document.createElement('style');
    style.textContent = 'body { background: rgb(255, 0, 0) !important; }';
    document.head.append(style);
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      seen,
      background: getComputedStyle(document.body).backgroundColor,
      color: getComputedStyle(document.getElementById('styled') as HTMLElement).color,
      injected: (window as unknown as { injected?: boolean }).injected ?? false,
    };
  });
  expect(outcome.injected).toBe(false);
  expect(outcome.background).not.toBe('rgb(255, 0, 0)');
  expect(outcome.color).not.toBe('rgb(255, 0, 0)');
  expect(outcome.seen).toEqual(expect.arrayContaining(['script-src-attr', 'style-src-attr', 'style-src-elem']));
  await page.close();
});

test('the API docs render under their own policy', async ({ page, shot }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Fieldhouse API/ })).toBeVisible();
  // Tags start folded: open the users' operations.
  await page
    .locator('.opblock-tag', { hasText: /^users/ })
    .first()
    .click();
  await page.getByText('/api/user/list').first().click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  await shot('api-docs');
});

test('a signed-in director’s screens load their styles under the policy', async ({ page, shot }) => {
  await signIn(page, DEMO.admin);
  // Mantine's variables arrive in <style> elements that carry the nonce; the shell is styled.
  const header = page.getByRole('banner');
  await expect(header).toBeVisible();
  expect(await page.locator('style[data-mantine-styles]').count()).toBeGreaterThan(0);
  const background = await page.evaluate(() =>
    getComputedStyle(document.body).getPropertyValue('--mantine-color-body'),
  );
  expect(background.trim()).not.toBe('');
  await page.goto('/calendar/');
  await expect(page.locator('.fc')).toBeVisible({ timeout: 15_000 });
  // FullCalendar's own rules (injected with the nonce) lay the grid out as a table.
  expect(await page.locator('.fc').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  await shot('csp-calendar');
});
