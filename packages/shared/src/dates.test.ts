import { describe, expect, it } from 'vitest';
import { boundedDate, boundedDateTime, hasSensibleYear } from './dates.ts';

describe('bounded dates', () => {
  it('accepts the years a school can mean and refuses the rest', () => {
    expect(hasSensibleYear('2026-11-21')).toBe(true);
    expect(hasSensibleYear('1900-01-01T00:00:00Z')).toBe(true);
    expect(hasSensibleYear('0000-01-01')).toBe(false);
    expect(hasSensibleYear('9999-12-31')).toBe(false);
    expect(hasSensibleYear('yesterday')).toBe(false);
    expect(boundedDateTime.safeParse('2026-11-21T08:00:00-06:00').success).toBe(true);
    expect(boundedDateTime.safeParse('0000-01-01T00:00:00Z').error?.issues[0]?.message).toBe(
      'Use a date between 1900 and 2100',
    );
    expect(boundedDate().safeParse('2101-01-01').success).toBe(false);
  });
});
