import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('counts in words', () => {
    expect(plural(1, 'coach')).toBe('1 coach');
    expect(plural(2, 'coach')).toBe('2 coaches');
    expect(plural(0, 'athlete')).toBe('0 athletes');
    expect(plural(1204, 'row')).toBe('1,204 rows');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });
});
