/**
 * This browser's web push subscription (decision 028): whether it is on, off, blocked by the
 * browser or not possible here, and turning it on (permission, the push service, the server) and
 * off. Every failure becomes a sentence for the screen; nothing here throws into React.
 */
import { useCallback, useEffect, useState } from 'react';
import { getPushPublicKey, removePushSubscription, savePushSubscription } from '../api/push.ts';
import { base64UrlToBytes, pushSupport } from '../utils/push-support.ts';

export type PushStatus = 'checking' | 'on' | 'off' | 'blocked' | 'install' | 'unsupported' | 'no-worker';

/** How long to wait for the service worker (registered after the page loads) before giving up. */
const WORKER_WAIT_MS = 5000;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  if (existing) return existing;
  // A first visit: the worker is being installed. A dev server or a private window never has one.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
}

const toJson = (subscription: PushSubscription) =>
  subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };

export function usePushSubscription() {
  const [status, setStatus] = useState<PushStatus>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const settle = (next: PushStatus) => !cancelled && setStatus(next);
    const support = pushSupport();
    if (support !== 'supported') return void settle(support);
    if (Notification.permission === 'denied') return void settle('blocked');
    void (async () => {
      const reg = await registration().catch(() => null);
      if (!reg) return settle('no-worker');
      const subscription = await reg.pushManager.getSubscription().catch(() => null);
      if (!subscription || Notification.permission !== 'granted') return settle('off');
      settle('on');
      // The server forgets a subscription when its sign-in ends; saving again on every visit keeps
      // it with whoever is signed in now. A failure here changes nothing on screen.
      await savePushSubscription(toJson(subscription)).catch(() => {});
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  /** Each resolves to whether the change was made. */
  const turnOn = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') {
        setStatus('blocked');
        return false;
      }
      if (permission !== 'granted') {
        setError('Notifications stay off: the browser’s question was closed without an answer.');
        return false;
      }
      const reg = await registration();
      if (!reg) {
        setStatus('no-worker');
        return false;
      }
      let subscription: PushSubscription;
      try {
        const key = await getPushPublicKey();
        subscription = await reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlToBytes(key),
        });
      } catch {
        setError(
          'This browser could not reach its notification service, so notifications are still off. Check your connection and try again.',
        );
        return false;
      }
      try {
        await savePushSubscription(toJson(subscription));
      } catch (e) {
        await subscription.unsubscribe().catch(() => {});
        setError(`Notifications are still off: ${(e as Error).message}`);
        return false;
      }
      setStatus('on');
      return true;
    } catch (e) {
      setError(`Notifications are still off: ${(e as Error).message}`);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const reg = await registration();
      const subscription = await reg?.pushManager.getSubscription();
      if (subscription) {
        // If the server cannot be told now, its next push to this browser answers 410 and it forgets it then.
        await removePushSubscription(subscription.endpoint).catch(() => {});
        await subscription.unsubscribe();
      }
      setStatus('off');
      return true;
    } catch (e) {
      setError(`Notifications could not be turned off: ${(e as Error).message}`);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { status, busy, error, turnOn, turnOff };
}
