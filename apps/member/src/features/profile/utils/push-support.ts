/**
 * Whether this browser can take web push here, and why not. iPhones and iPads have the Push API
 * only in an app added to the Home Screen (iOS 16.4+), so there the answer is "install first".
 */
export type PushSupport = 'supported' | 'install' | 'unsupported';

export function pushSupport(): PushSupport {
  const hasApi = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (hasApi) return 'supported';
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const installed = window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !installed ? 'install' : 'unsupported';
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `pushManager.subscribe` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * This phone stops receiving the person's pushes: its browser subscription ends. Called with
 * everything else sign-out forgets, so the next person on a shared device does not see the last
 * one's messages on the lock screen, even after a sign-out made offline (the server forgets the
 * subscription when its push service answers 410 for it, or at once when the sign-out reaches it).
 */
export async function endPushSubscription() {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
