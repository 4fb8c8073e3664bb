import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on an unexpected console error or uncaught page error, and can save a
 * screenshot of what a director would see under e2e/.screenshots/.
 */
export const test = base.extend<{ shot: (name: string) => Promise<void>; allowedConsoleErrors: RegExp | null }>({
  /** Console errors a journey provokes on purpose (a server it stops refuses connections). */
  allowedConsoleErrors: [null, { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium logs every 4xx answer as a console error; the app handles those (a refused
      // sign-in, a roster with bad rows). A 5xx is a bug and still fails the journey.
      const expected = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      const allowed = allowedConsoleErrors?.test(message.text()) ?? false;
      if (!expected && !allowed) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(problems, 'console errors on the page').toEqual([]);
  },
  shot: async ({ page }, use) => {
    await use(async (name) => {
      await page.screenshot({ path: `e2e/.screenshots/${name}.png`, fullPage: true });
    });
  },
});

export { expect };
