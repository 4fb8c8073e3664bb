/**
 * Registers the app shell's service worker (public/sw.js) in production builds only, then asks it
 * to keep every hashed asset of this build (the build's `asset-manifest.json`), so a conversation
 * opens offline though it was never opened online. The worker fetches and stores them in its own
 * thread: the page's main thread, which a phone needs for the first screen, does nothing for it.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: 'precache' }))
      .catch(() => {
        // No offline shell (a private window, an insecure origin): the app works the same online.
      });
  // main.tsx awaits the settings first, so the page may have finished loading already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
