import { describe, expect, it } from 'vitest';
import { addDays, instantOf, parseWall, toWallString, wallStringToInstant } from './time-zone.ts';

describe('time zone helpers', () => {
  it('places wall times in the zone on both sides of DST', () => {
    expect(wallStringToInstant('2027-01-15T16:00', 'America/Chicago').toISOString()).toBe('2027-01-15T22:00:00.000Z');
    expect(wallStringToInstant('2027-07-15T16:00', 'America/Chicago').toISOString()).toBe('2027-07-15T21:00:00.000Z');
    expect(toWallString(new Date('2027-07-15T21:00:00Z'), 'America/Chicago')).toBe('2027-07-15T16:00');
  });

  it('moves a skipped spring time forward and takes the first of a repeated autumn time', () => {
    const skipped = instantOf({ year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 }, 'America/Chicago');
    expect(toWallString(skipped, 'America/Chicago')).toBe('2027-03-14T03:30');
    const repeated = instantOf({ year: 2027, month: 11, day: 7, hour: 1, minute: 30, second: 0 }, 'America/Chicago');
    expect(repeated.toISOString()).toBe('2027-11-07T06:30:00.000Z');
  });

  it('rejects impossible dates and adds days', () => {
    expect(parseWall('2027-02-30')).toBeUndefined();
    expect(parseWall('2027-02-28T24:00')).toBeUndefined();
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });
});
