import { describe, expect, it } from 'vitest';
import { diffFields } from './change-notices.ts';

const zone = 'America/Chicago';
const base = {
  type: 'PRACTICE' as const,
  title: 'Practice',
  startsAt: new Date('2026-12-01T23:30:00Z'), // 5:30 PM in Chicago
  endsAt: new Date('2026-12-02T00:30:00Z'),
  allDay: false,
  facility: 'Main Gym',
  location: null,
  opponent: null,
  homeAway: null,
  status: 'SCHEDULED' as const,
  transportation: null,
  recurrence: null,
};

describe('diffFields', () => {
  it('names time and facility in the school zone, and nothing unchanged', () => {
    const after = {
      ...base,
      facility: 'Auxiliary Gym',
      startsAt: new Date('2026-12-02T01:00:00Z'),
      endsAt: new Date('2026-12-02T02:00:00Z'),
    };
    expect(diffFields(base, after, zone)).toEqual([
      { field: 'time', before: '5:30 PM – 6:30 PM', after: '7:00 PM – 8:00 PM' },
      { field: 'facility', before: 'Main Gym', after: 'Auxiliary Gym' },
    ]);
  });

  it('reads an all-day end as exclusive, and a cleared field as null', () => {
    const allDay = {
      ...base,
      allDay: true,
      facility: null,
      startsAt: new Date('2026-12-04T06:00:00Z'),
      endsAt: new Date('2026-12-06T06:00:00Z'),
    };
    expect(diffFields(base, allDay, zone)).toEqual([
      { field: 'date', before: 'Tue, Dec 1', after: 'Fri, Dec 4 – Sat, Dec 5' },
      { field: 'time', before: '5:30 PM – 6:30 PM', after: 'All day' },
      { field: 'facility', before: 'Main Gym', after: null },
    ]);
  });
});
