/**
 * One push to one subscription: web-push encrypts the payload (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292) with `generateRequestDetails`; the request itself goes out with
 * fetch, so it has a hard timeout and needs no TLS for a test's loopback push service. A 404 or
 * 410 means the browser dropped the subscription: the row is deleted. Anything else is logged
 * and counted; nothing here throws into the caller.
 */
import type { PushPayload } from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { allowedPushEndpoint } from './push-endpoints.ts';
import type { VapidKeys } from './vapid-keys.ts';

export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string };
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service keeps an undelivered push (a phone that is off): a day. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export type PushSenderDeps = {
  db: Db;
  keys: VapidKeys;
  hosts: readonly string[];
  log: { warn: (o: object, m: string) => void };
  count: (outcome: PushOutcome) => void;
};

export function pushSender({ db, keys, hosts, log, count }: PushSenderDeps) {
  return async function send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const outcome = await attempt(target, payload);
    count(outcome);
    return outcome;
  };

  async function attempt(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    // The list may have changed since the browser subscribed.
    if (!allowedPushEndpoint(target.endpoint, hosts)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      return 'gone';
    }
    try {
      // A topic lets the push service replace an undelivered push of the same conversation.
      const topic = /^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) ? payload.tag : undefined;
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
        },
      );
      const response = await fetch(target.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        return 'gone';
      }
      if (response.status >= 200 && response.status < 300) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: new Date(), failures: 0 })
          .where(eq(pushSubscriptions.id, target.id));
        return 'sent';
      }
      throw new Error(`push service answered ${response.status}`);
    } catch (error) {
      log.warn({ err: error, subscriptionId: target.id, host: hostOf(target.endpoint) }, 'push not delivered');
      await db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, target.id))
        .catch(() => {});
      return 'failed';
    }
  }
}

export type PushSend = ReturnType<typeof pushSender>;

/** The host alone: endpoints carry a per-browser secret path that logs must not keep. */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
};
