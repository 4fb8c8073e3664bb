/**
 * JavaScript over the wire that the admin app may cost, and the recorder that measures it: the
 * sign-in page of a first visit and Home of a director coming back, cold cache both times.
 * Budgets of issue #14 (brotli, headers apart). Used by `web-weight.spec.ts` on every run and by
 * `bench/web-weight.ts`, which prints the figures.
 */
import type { Page } from '@playwright/test';

export const WEB_WEIGHT_BUDGET = { signIn: 200 * 1024, home: 330 * 1024 };

/** `bytes` is the body as sent (compressed); `headerBytes` the response headers on top of it. */
export type Transfer = { url: string; type: string; encoding: string; bytes: number; headerBytes: number };

/** Records every response of `page` until `detach`: its type, content encoding and bytes on the wire. */
export async function recordTransfers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Omit<Transfer, 'bytes'>>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
    // At this point only the headers have arrived: their size on the wire.
    const headerBytes = event.response.encodedDataLength;
    seen.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', encoding, headerBytes });
  });
  // loadingFinished's encodedDataLength is everything received for the request: headers and body.
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) done.push({ ...response, bytes: event.encodedDataLength - response.headerBytes });
  });
  return { transfers: () => [...done], detach: () => cdp.detach() };
}

/** The scripts among `transfers`, biggest first, with their total. */
export function scriptsOf(transfers: Transfer[]) {
  const scripts = transfers.filter((t) => t.type === 'Script').sort((a, b) => b.bytes - a.bytes);
  return { scripts, total: scripts.reduce((sum, t) => sum + t.bytes, 0) };
}
