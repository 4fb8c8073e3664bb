/**
 * The one HTTP client of a front end: attaches the id token (SPEC §7), drops null/undefined query
 * values and body fields, and turns failures into ApiError. Which answers end the session is the
 * app's policy (`configureApiClient`): those become 'Unauthorized' and tell the auth layer, which
 * signs out; the admin app counts 401 and 403 (SPEC §8), the member app only 401.
 */
import { fetchAuthSession } from 'aws-amplify/auth';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The whole error answer, for endpoints that explain failures in data (roster import). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export type ApiClientOptions = {
  /**
   * The statuses that mean the session is over: listeners hear of them and the error reads
   * 'Unauthorized'. Any other failure keeps the server's message. Default: 401 only.
   */
  unauthorizedStatuses?: readonly number[];
  /** Query values every request carries (the admin's active organization); a request's own win. */
  defaultQuery?: () => Query;
};

let policy: Required<ApiClientOptions> = { unauthorizedStatuses: [401], defaultQuery: () => ({}) };

/** Sets the app's policy, once before the first request (the admin app: lib/api-client.ts). */
export function configureApiClient(options: ApiClientOptions) {
  policy = {
    unauthorizedStatuses: options.unauthorizedStatuses ?? [401],
    defaultQuery: options.defaultQuery ?? (() => ({})),
  };
}

const unauthorizedListeners = new Set<(status: number) => void>();
/** Subscribes to the answers the policy counts as unauthorized; returns the unsubscribe function. */
export function onUnauthorized(listener: (status: number) => void) {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

async function authHeader(): Promise<Record<string, string>> {
  const { tokens } = await fetchAuthSession();
  const token = tokens?.idToken?.toString();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Drops null and undefined fields (SPEC §7), recursively for plain objects. */
export function dropEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropEmpty) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, dropEmpty(v)]),
    ) as T;
  }
  return value;
}

export function toQueryString(query: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== null && value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

async function request<T>(
  method: string,
  path: string,
  init: { query?: Query; body?: unknown; raw?: { body: string; contentType: string } } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...(await authHeader()) };
  let body: string | undefined;
  if (init.raw) {
    headers['content-type'] = init.raw.contentType;
    body = init.raw.body;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(dropEmpty(init.body));
  }
  const query = { ...policy.defaultQuery(), ...(init.query ?? {}) };
  const res = await fetch(`/api${path}${toQueryString(query)}`, { method, headers, body });
  if (policy.unauthorizedStatuses.includes(res.status)) {
    for (const listener of unauthorizedListeners) listener(res.status);
    throw new ApiError(res.status, 'Unauthorized');
  }
  const json = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new ApiError(res.status, json.message ?? `Request failed (${res.status})`, json);
  return json as T;
}

export const apiGet = <T>(path: string, query?: Query) => request<T>('GET', path, { query: query ?? {} });
export const apiPost = <T>(path: string, body: unknown) => request<T>('POST', path, { body });
export const apiPatch = <T>(path: string, body: unknown) => request<T>('PATCH', path, { body });
export const apiPut = <T>(path: string, body: unknown) => request<T>('PUT', path, { body });
export const apiDelete = <T>(path: string, query?: Query, body?: unknown) =>
  request<T>('DELETE', path, { query: query ?? {}, body });

/** POST a raw body (CSV uploads) with the same auth and error handling. */
export async function apiPostText<T>(path: string, text: string, contentType: string, query?: Query): Promise<T> {
  return request<T>('POST', path, { query: query ?? {}, raw: { body: text, contentType } });
}

/** Fetches a protected file (a chat attachment's `url`, already under /api) as a Blob. */
export async function apiBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { headers: await authHeader() });
  if (!res.ok) throw new ApiError(res.status, `Download failed (${res.status})`);
  return res.blob();
}

/**
 * Sends a file as the request body (a profile photo) with the same auth and error handling, and
 * reports upload progress (0–1) as it goes: fetch cannot, XMLHttpRequest can.
 */
export async function apiUpload<T>(
  method: 'PUT' | 'POST',
  path: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const headers = await authHeader();
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.onload = () => resolve();
    xhr.onerror = () => reject(new ApiError(0, 'The upload did not reach the server. Check your connection.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was stopped.'));
  });
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
  };
  xhr.open(method, `/api${path}${toQueryString(policy.defaultQuery())}`);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
  for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
  xhr.send(file);
  await done;
  if (policy.unauthorizedStatuses.includes(xhr.status)) {
    for (const listener of unauthorizedListeners) listener(xhr.status);
    throw new ApiError(xhr.status, 'Unauthorized');
  }
  let json: { message?: string } = {};
  try {
    json = JSON.parse(xhr.responseText) as { message?: string };
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (xhr.status < 200 || xhr.status >= 300)
    throw new ApiError(xhr.status, json.message ?? `Upload failed (${xhr.status})`, json);
  return json as T;
}

/**
 * Downloads a file answer (an export) through the authenticated client and saves it. Exports
 * stream, and a long one takes seconds: `onProgress` hears how many bytes have arrived. A failure
 * keeps the server's message (and the app's sign-out policy); an answer cut off mid-way fails
 * rather than saving half a file.
 */
export async function apiDownload(
  path: string,
  query: Query,
  fileName: string,
  onProgress?: (received: number) => void,
) {
  const res = await fetch(`/api${path}${toQueryString({ ...policy.defaultQuery(), ...query })}`, {
    headers: await authHeader(),
  });
  if (policy.unauthorizedStatuses.includes(res.status)) {
    for (const listener of unauthorizedListeners) listener(res.status);
    throw new ApiError(res.status, 'Unauthorized');
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, json.message ?? `Download failed (${res.status})`, json);
  }
  let blob: Blob;
  try {
    blob = await receive(res, onProgress);
  } catch {
    throw new ApiError(0, 'The download was cut off before it finished. Try again.');
  }
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** The answer's body, counting what has arrived as it comes. */
async function receive(res: Response, onProgress?: (received: number) => void): Promise<Blob> {
  if (!onProgress || !res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value);
    received += next.value.byteLength;
    onProgress(received);
  }
  return new Blob(parts, { type: res.headers.get('content-type') ?? '' });
}
