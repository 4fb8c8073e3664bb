/**
 * Registers the app shell's service worker (public/sw.js) in production builds only, then keeps
 * what the app needs offline: every screen's code (`loadScreens`, so a conversation opens offline
 * though it was never opened online) and the scripts and styles the page loaded before the worker
 * took over, put in the worker's asset cache.
 */
/** The worker's cache of hashed assets (public/sw.js `ASSETS`). */
const ASSETS = 'fieldhouse-member-assets-v1';
const isAsset = (url: string) => new URL(url, location.href).pathname.startsWith(`${import.meta.env.BASE_URL}assets/`);

async function keepAssets(loadScreens: () => Promise<unknown>) {
  await navigator.serviceWorker.ready;
  await loadScreens().catch(() => {});
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter(isAsset),
  );
  const cache = await caches.open(ASSETS);
  await Promise.all(
    [...urls].map(async (url) => {
      if (!(await cache.match(url))) await cache.add(url).catch(() => {});
    }),
  );
}

export function registerServiceWorker(loadScreens: () => Promise<unknown>) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .then(() => {
        // After the first screen is drawn and idle: offline readiness never delays it.
        const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2_000));
        idle(() => void keepAssets(loadScreens).catch(() => {}));
      })
      .catch(() => {
        // No offline shell (a private window, an insecure origin): the app works the same online.
      });
  // main.tsx awaits the settings first, so the page may have finished loading already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
