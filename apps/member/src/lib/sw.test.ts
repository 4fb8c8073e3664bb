/**
 * The service worker (public/sw.js) is a plain script the browser runs as it is; here it runs in a
 * sandbox with a fake `self` so its push and notification-click handlers can be driven directly.
 * The journey (e2e/member-push.spec.ts) delivers a real push to the real worker.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(fileURLToPath(new URL('../../public/sw.js', import.meta.url)), 'utf8');
type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; focus: () => Promise<unknown>; navigate?: unknown }[] = []) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: new URL('https://school.example/m/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null), claim: vi.fn() },
  };
  const context = { self, URL, URLSearchParams, caches: {}, fetch: vi.fn() };
  runInNewContext(source, context);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { self, dispatch, memberUrl: (context as unknown as { memberUrl: (u: unknown) => string }).memberUrl };
}

describe('memberUrl: where a notification opens', () => {
  const { memberUrl } = loadWorker();
  it.each([
    ['/m/schedule?date=2026-12-01&event=3', '/m/schedule?event=3&date=2026-12-01'],
    ['/calendar?date=2026-12-01&event=3', '/m/schedule?event=3&date=2026-12-01'],
    ['/calendar/', '/m/schedule'],
    ['/m/schedule/12@2026-12-01T15:30:00.000Z', '/m/schedule/12@2026-12-01T15:30:00.000Z'],
    ['/m/chats/12?messageId=7', '/m/chats/12'],
    ['/m/chats/12/../../profile', '/m/profile'],
    ['/messages?roomId=12', '/m/chats/12'],
    ['/messages?roomId=12x', '/m/'],
    ['/m/chats', '/m/chats'],
    ['/m/profile', '/m/profile'],
    ['/m/', '/m/'],
    ['https://evil.example/m/schedule', '/m/'],
    ['//evil.example/calendar', '/m/'],
    ['/calendar?event=<script>', '/m/schedule'],
    ['', '/m/'],
    [undefined, '/m/'],
  ])('%s → %s', (link, expected) => {
    expect(memberUrl(link)).toBe(expected);
  });
});

describe('the push handler', () => {
  it('shows the payload’s title, body and tag, keeping where a click goes', async () => {
    const { self, dispatch } = loadWorker();
    const payload = { title: 'Maya Lopez', body: 'See you at 4', url: '/calendar?event=3', tag: 'room-12' };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Maya Lopez',
      expect.objectContaining({
        body: 'See you at 4',
        tag: 'room-12',
        renotify: true,
        data: { url: '/m/schedule?event=3' },
      }),
    );
  });

  it('shows something sensible for a push that is not JSON', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', { data: { json: () => JSON.parse('hello'), text: () => 'hello' } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Fieldhouse',
      expect.objectContaining({ body: 'hello', data: { url: '/m/' } }),
    );
  });
});

describe('a click on a notification', () => {
  const click = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });

  it('opens the app at the screen when no window of it is open', async () => {
    const { self, dispatch } = loadWorker([{ url: 'https://school.example/', focus: vi.fn() }]);
    await dispatch('notificationclick', click('/m/schedule?event=3'));
    expect(self.clients.openWindow).toHaveBeenCalledWith('/m/schedule?event=3');
  });

  it('focuses an open window of the app and takes it to the screen', async () => {
    const win = { url: 'https://school.example/m/profile', focus: vi.fn(async () => win), navigate: vi.fn() };
    const navigate = vi.fn(async () => win);
    win.navigate = navigate;
    const { self, dispatch } = loadWorker([win]);
    await dispatch('notificationclick', click('/m/'));
    expect(win.focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/m/');
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still brings the window forward when it cannot be navigated', async () => {
    const win = {
      url: 'https://school.example/m/',
      focus: vi.fn(async () => win),
      navigate: vi.fn(async () => Promise.reject(new TypeError('not controlled'))),
    };
    const { dispatch } = loadWorker([win]);
    await dispatch('notificationclick', click('/m/schedule'));
    expect(win.focus).toHaveBeenCalled();
  });
});
