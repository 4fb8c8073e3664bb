import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4711';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [tag, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${base}/auth/sign-in?redirect=${encodeURIComponent('/home/')}`);
  await page.getByLabel('E-mail').fill('root@school.example');
  await page.getByLabel('Password', { exact: true }).fill('Empty-Install-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 20000 });
  for (const path of ['/broadcasts/', '/reports/', '/calendar/', '/home/', '/messages/']) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/emptyshots/${tag}${path.replaceAll('/', '_')}.png` });
  }
  await page.goto(`${base}/broadcasts/`);
  await page.getByRole('button', { name: 'New broadcast' }).first().click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/emptyshots/${tag}-composer.png` });
  console.log(tag, errors);
  await page.close();
}
await browser.close();
