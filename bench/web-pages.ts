/** What the browser benches share: the empty baseline page and the demo super admin's sign-in. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../apps/server/src/seed/demo.ts';

/** An empty page from a plain HTTP server on this machine: the floor under every figure. */
export async function startBlankPage() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><title>Baseline</title><meta name="viewport" content="width=device-width"></head><body><h1>Baseline</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Signs the demo super admin in to the admin app through its page, until the shell is drawn. */
export async function adminSignIn(page: Page, base: string) {
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel('Username or e-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 60_000 });
}
