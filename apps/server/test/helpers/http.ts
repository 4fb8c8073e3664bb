/** The REST API of a server running in its own process, as the web app calls it. */
import { expect } from 'vitest';

/** GET `path` (or POST `body`) under `<url>/api` with a bearer token; expects success, returns `data`. */
export async function apiAt<T>(url: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}
