import { describe, expect, it } from 'vitest';
import { median } from './stats.ts';

describe('median', () => {
  it('is the middle figure of an odd count', () => expect(median([70.5, 27.1, 159.9])).toBe(70.5));
  it('averages the middle two of an even count, never reporting the worst', () =>
    expect(median([159, 52])).toBe(105.5));
  it('is NaN with no figures', () => expect(median([])).toBeNaN());
});
