// The member app's service worker (decision 021): the app shell offline. Pages under /m/ and the
// public settings (/api/config, which the app needs to start) are fetched from the network first and
// fall back to the last copy seen; hashed assets (/m/assets/, never changed under one name) come
// from the cache first. The rest of the API is never cached: it carries bearer tokens and private
// data, and the app shows its own "could not load" states offline. Web push (decision 028): a push
// shows its notification; a click opens the member app's nearest screen for the payload's link.
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

/**
 * Every hashed file of the build the page runs (its `asset-manifest.json`), fetched and kept here,
 * so every screen opens offline; files of older builds are dropped. The page asks after its load.
 */
async function precache() {
  const response = await fetch('/m/asset-manifest.json', { cache: 'no-cache' });
  if (!response.ok) return;
  const urls = await response.json();
  if (!Array.isArray(urls)) return;
  const wanted = new Set(urls.filter((u) => typeof u === 'string' && u.startsWith('/m/assets/')));
  const cache = await caches.open(ASSETS);
  const kept = await cache.keys();
  await Promise.all(kept.filter((r) => !wanted.has(new URL(r.url).pathname)).map((r) => cache.delete(r)));
  const have = new Set(kept.map((r) => new URL(r.url).pathname));
  // One at a time: a phone on a weak signal keeps its bandwidth for what the person opens.
  for (const url of wanted) {
    if (have.has(url)) continue;
    const asset = await fetch(url).catch(() => null);
    if (asset?.ok) await cache.put(url, asset);
  }
}

let precaching = null;
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'precache') return;
  precaching ??= precache()
    .catch(() => {})
    .finally(() => {
      precaching = null;
    });
  event.waitUntil(precaching);
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

// ── Web push ────────────────────────────────────────────────────────────────────────────────

/**
 * The member app's screen for a notification's link. The server sends member paths
 * (`/m/chats/12`, `/m/schedule?date=…&event=3`, `/m/`), an older or admin-style link may be
 * `/messages?roomId=12` or `/calendar?event=3`. A conversation's link opens its thread; a calendar
 * link opens the schedule, which turns `event`/`date` into that event's page; the rest opens Home.
 * Never another origin.
 */
function memberUrl(link) {
  let url;
  try {
    url = new URL(typeof link === 'string' && link ? link : '/m/', self.location.origin);
  } catch {
    return '/m/';
  }
  if (url.origin !== self.location.origin) return '/m/';
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/calendar' || path === '/m/schedule') {
    const search = new URLSearchParams();
    for (const name of ['event', 'date']) {
      const value = url.searchParams.get(name);
      if (value && /^[\w:.@-]{1,64}$/.test(value)) search.set(name, value);
    }
    const query = search.toString();
    return query ? `/m/schedule?${query}` : '/m/schedule';
  }
  const chat = path.match(/^\/m\/chats\/(\d{1,12})$/);
  if (chat) return `/m/chats/${chat[1]}`;
  const room = (path === '/messages' && url.searchParams.get('roomId')) || '';
  if (/^\d{1,12}$/.test(room)) return `/m/chats/${room}`;
  if (/^\/m\/schedule\/[^/]+$/.test(path) || path === '/m/profile' || path === '/m/chats') return path;
  return '/m/';
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Fieldhouse';
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      // One system notification per conversation or event: a newer push replaces it and rings again.
      ...(tag ? { tag, renotify: true } : {}),
      icon: '/m/icon-192.png',
      badge: '/m/icon-192.png',
      data: { url: memberUrl(payload.url) },
    })
      // Said where DevTools (and the push journey) can read it; the push still counts as failed.
      .catch((error) => {
        console.error('push: the notification could not be shown', error);
        throw error;
      }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = memberUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/m/'));
      if (!open) return self.clients.openWindow(target);
      // Focus first: a browser allows it only just after the click. navigate() then takes a window
      // this worker controls to the screen; either may be refused, leaving the window as it was.
      return open
        .focus()
        .catch(() => null)
        .then(() => (typeof open.navigate === 'function' ? open.navigate(target).catch(() => null) : null));
    }),
  );
});
