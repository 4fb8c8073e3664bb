import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, configureApiClient, dropEmpty, onUnauthorized, toQueryString } from './api-client.ts';

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
