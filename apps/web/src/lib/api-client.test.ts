import { describe, expect, it } from 'vitest';
import { dropEmpty, toQueryString } from './api-client.ts';

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
});
