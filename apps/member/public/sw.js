// The member app's service worker (decision 021): the app shell offline. Pages under /m/ and the
// public settings (/api/config, which the app needs to start) are fetched from the network first and
// fall back to the last copy seen; hashed assets (/m/assets/, never changed under one name) come
// from the cache first. The rest of the API is never cached: it carries bearer tokens and private
// data, and the app shows its own "could not load" states offline.
const SHELL = 'fieldhouse-member-shell-v1';
const ASSETS = 'fieldhouse-member-assets-v1';
const SHELL_URL = '/m/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([SHELL_URL, '/m/manifest.webmanifest', '/m/icon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== ASSETS).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname === '/api/config') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (!url.pathname.startsWith('/m/')) return;

  if (request.mode === 'navigate') {
    // The page carries its own Content-Security-Policy nonce; the cached copy keeps its headers with it.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL).then((cache) => cache.put(SHELL_URL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL_URL).then((cached) => cached ?? Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/m/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(ASSETS).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
