import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiDownload,
  apiGet,
  configureApiClient,
  dropEmpty,
  onUnauthorized,
  toQueryString,
} from './api-client.ts';

/** The server's answers, as fetch would give them; every URL asked is kept. */
function answer(status: number, body: unknown = {}) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({});
});

describe('api client', () => {
  it('drops null and undefined query values and body fields', () => {
    expect(toQueryString({ page: 2, search: '', type: null, teamId: undefined })).toBe('?page=2&search=');
    expect(toQueryString({})).toBe('');
    expect(dropEmpty({ a: 1, b: null, c: undefined, d: { e: null, f: 'x' }, g: [{ h: null }] })).toEqual({
      a: 1,
      d: { f: 'x' },
      g: [{}],
    });
  });

  it('by default ends the session on a 401 only; a 403 keeps the server message', async () => {
    const heard: number[] = [];
    const off = onUnauthorized((status) => heard.push(status));
    answer(403, { message: 'Only a team coach can do that', statusCode: 403, id: 'forbidden' });
    await expect(apiGet('/teams/1')).rejects.toMatchObject({
      statusCode: 403,
      message: 'Only a team coach can do that',
    });
    answer(401);
    await expect(apiGet('/teams/1')).rejects.toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    expect(heard).toEqual([401]);
    off();
  });

  it("follows the app's policy: the admin app counts 403 as unauthorized too (SPEC §8)", async () => {
    configureApiClient({ unauthorizedStatuses: [401, 403] });
    const heard: number[] = [];
    const off = onUnauthorized((status) => heard.push(status));
    answer(403, { message: 'Forbidden' });
    const error = await apiGet('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 403, message: 'Unauthorized' });
    expect(heard).toEqual([403]);
    off();
    answer(401);
    await apiGet('/users').catch(() => {});
    expect(heard).toEqual([403]);
  });

  it('adds the default query to every request; the request’s own values win', async () => {
    configureApiClient({ defaultQuery: () => ({ organizationId: 7, page: 1 }) });
    const urls = answer(200, { data: [] });
    await apiGet('/users', { page: 3 });
    await apiGet('/teams');
    expect(urls).toEqual(['/api/users?organizationId=7&page=3', '/api/teams?organizationId=7&page=1']);
  });
});

describe('downloads', () => {
  /** An answer whose body arrives in the given pieces, then ends (or breaks, as a cut connection does). */
  function streamed(pieces: string[], end: 'complete' | 'cut') {
    const bytes = pieces.map((p) => new TextEncoder().encode(p));
    vi.stubGlobal('fetch', async () => {
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const piece = bytes[i++];
          if (piece) controller.enqueue(piece);
          else if (end === 'cut') controller.error(new TypeError('network error'));
          else controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } });
    });
  }
  const saved: Blob[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:saved';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts what has arrived as it streams, and saves the whole file', async () => {
    streamed(['name,email\n', 'Ada,ada@example.com\n', 'Bo,bo@example.com\n'], 'complete');
    const heard: number[] = [];
    await apiDownload('/user/export', {}, 'users.csv', (received) => heard.push(received));
    expect(heard).toEqual([11, 31, 49]);
    expect(saved).toHaveLength(1);
    expect(await saved[0]?.text()).toBe('name,email\nAda,ada@example.com\nBo,bo@example.com\n');
  });

  it('saves nothing from an answer cut off mid-way', async () => {
    streamed(['name,email\n', 'Ada,ada@example.com\n'], 'cut');
    await expect(apiDownload('/user/export', {}, 'users.csv', () => {})).rejects.toMatchObject({
      statusCode: 0,
      message: 'The download was cut off before it finished. Try again.',
    });
    expect(saved).toHaveLength(0);
  });

  it("keeps the server's message, and follows the sign-out policy", async () => {
    answer(400, { statusCode: 400, message: 'Give a reason of at least 10 characters' });
    await expect(apiDownload('/admin/conversations/1/export.pdf', {}, 'c.pdf')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Give a reason of at least 10 characters',
    });
    configureApiClient({ unauthorizedStatuses: [401, 403] });
    const heard: number[] = [];
    const off = onUnauthorized((status) => heard.push(status));
    answer(403, { message: 'Forbidden' });
    await expect(apiDownload('/audit.csv', {}, 'audit.csv')).rejects.toMatchObject({ message: 'Unauthorized' });
    expect(heard).toEqual([403]);
    off();
    expect(saved).toHaveLength(0);
  });
});
