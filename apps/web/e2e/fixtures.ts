import { test as base, expect } from '@playwright/test';

/** Marks the console line an init script writes for each Content-Security-Policy violation. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * Every journey fails on an unexpected console error or uncaught page error, and on any
 * Content-Security-Policy violation (decision 014), and can save a screenshot of what a director
 * would see under e2e/.screenshots/.
 */
export const test = base.extend<{
  shot: (name: string) => Promise<void>;
  allowedConsoleErrors: RegExp | null;
  strictConsole: boolean;
}>({
  /** Console errors a journey provokes on purpose (a server it stops refuses connections). */
  allowedConsoleErrors: [null, { option: true }],
  /** A journey where nothing may fail: 4xx answers count as errors too (and any 4xx/5xx from the API). */
  strictConsole: [false, { option: true }],
  page: async ({ page, allowedConsoleErrors, strictConsole }, use) => {
    const problems: string[] = [];
    const violations: string[] = [];
    // Each document the page opens reports its violations to the console, where they are counted.
    await page.addInitScript((marker) => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          console.error(`${marker} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
        },
        true,
      );
    }, CSP_VIOLATION);
    if (strictConsole) {
      // The generic error view must never appear: a watcher reports it as a console error.
      await page.addInitScript(() => {
        let reported = false;
        setInterval(() => {
          if (!reported && document.body?.innerText.includes('Something went wrong!')) {
            reported = true;
            console.error(`The error view appeared on ${location.pathname}${location.search}`);
          }
        }, 250);
      });
      page.on('response', (response) => {
        if (response.status() >= 400)
          problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
    }
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // No journey may allow these away.
      if (message.text().startsWith(CSP_VIOLATION)) {
        violations.push(message.text());
        return;
      }
      // Chromium logs every 4xx answer as a console error; the app handles those (a refused
      // sign-in, a roster with bad rows). A 5xx is a bug and still fails the journey.
      const expected =
        !strictConsole && /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      const allowed = allowedConsoleErrors?.test(message.text()) ?? false;
      if (!expected && !allowed) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    expect(problems, 'console errors on the page').toEqual([]);
  },
  shot: async ({ page }, use) => {
    await use(async (name) => {
      // A drawer or modal still sliding in would be caught mid-way: wait for the finite animations
      // and transitions on the page (a spinner's endless one never ends), at most a second.
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 1000)),
        ]),
      );
      // With a modal open the page behind is locked where it was scrolled; a full-page capture
      // would draw the fixed header and the drawer shifted over it. The screen is what people see.
      const modal = await page.locator('[aria-modal="true"]:visible').count();
      await page.screenshot({ path: `e2e/.screenshots/${name}.png`, fullPage: modal === 0 });
    });
  },
});

export { expect };
