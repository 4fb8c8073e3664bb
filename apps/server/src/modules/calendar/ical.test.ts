import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, zoneTransitions } from './ical.ts';

describe('ical writer', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without splitting UTF-8 characters', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('finds the two US DST changes of a year', () => {
    const changes = zoneTransitions('America/Chicago', Date.UTC(2027, 0, 1), Date.UTC(2028, 0, 1));
    expect(changes.map((c) => new Date(c.at).toISOString())).toEqual([
      '2027-03-14T08:00:00.000Z',
      '2027-11-07T07:00:00.000Z',
    ]);
  });

  it('writes RRULE, EXDATE and RECURRENCE-ID in the zone', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    const text = buildCalendar({
      name: 'Team',
      timeZone: 'America/Chicago',
      events: [
        {
          uid: 'a@x',
          sequence: 1,
          updatedAt: now,
          createdAt: now,
          summary: 'Practice',
          status: 'CONFIRMED',
          allDay: false,
          localStart: '2027-03-01T16:00',
          localEnd: '2027-03-01T18:00',
          rule: { byDay: ['WE', 'MO'], until: '2027-03-31', interval: 1 },
          untilUtc: new Date('2027-03-31T23:00:00Z'),
          exdates: ['2027-03-08T16:00'],
        },
      ],
    });
    expect(text).toContain('DTSTART;TZID=America/Chicago:20270301T160000\r\n');
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270331T230000Z\r\n');
    expect(text).toContain('EXDATE;TZID=America/Chicago:20270308T160000\r\n');
    expect(text).toContain('BEGIN:DAYLIGHT');
  });
});
