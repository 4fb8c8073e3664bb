import { describe, expect, it } from 'vitest';
import { redirectSearchSchema } from './redirect-search.ts';

describe('redirect search param', () => {
  it('keeps same-origin paths', () => {
    expect(redirectSearchSchema.parse({ redirect: '/users?page=2' }).redirect).toBe('/users?page=2');
    expect(redirectSearchSchema.parse({}).redirect).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 42]) {
      expect(redirectSearchSchema.parse({ redirect }).redirect).toBe('/');
    }
  });
});
