import type { CalendarOccurrence } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { eventTitle } from '../../../lib/event-display.ts';
import {
  apiRange,
  calendarSearchSchema,
  DEFAULT_SCROLL_TIME,
  firstEventScrollTime,
  movedTimes,
  schoolNow,
  shortDate,
  toFullCalendarEvent,
  whenText,
} from './calendar-utils.ts';

const occurrence = (overrides: Partial<CalendarOccurrence> = {}): CalendarOccurrence => ({
  key: '1',
  eventId: 1,
  uuid: 'u',
  seriesId: null,
  occurrenceStart: null,
  isException: false,
  type: 'GAME',
  title: 'Varsity Basketball',
  team: null,
  opponent: 'Central High',
  homeAway: 'AWAY',
  allDay: false,
  start: '2026-03-14T00:00:00.000Z',
  end: '2026-03-14T02:00:00.000Z',
  localStart: '2026-03-13T18:00',
  localEnd: '2026-03-13T20:00',
  location: null,
  facilityId: null,
  facility: null,
  transportation: null,
  notes: null,
  status: 'CANCELLED',
  repeat: null,
  sequence: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('calendar utils', () => {
  it('validates search params with fallbacks', () => {
    // No view: the screen picks one for its width.
    expect(calendarSearchSchema.parse({})).toEqual({});
    expect(calendarSearchSchema.parse({ view: 'year', date: 'soon', team: '4', type: 'GAME' })).toEqual({
      team: 4,
      type: 'GAME',
    });
  });

  it('maps occurrences to FullCalendar in wall time with status classes', () => {
    const event = toFullCalendarEvent(occurrence());
    expect(event.start).toBe('2026-03-13T18:00:00');
    expect(event.title).toBe('Varsity Basketball @ Central High');
    expect(event.classNames).toContain('fh-status-cancelled');
    expect(event.editable).toBe(false);
    expect(eventTitle(occurrence({ homeAway: 'HOME' }))).toBe('Varsity Basketball vs Central High');
  });

  it('turns drags into wall times and ranges into API bounds', () => {
    expect(movedTimes(new Date('2026-03-14T17:00:00Z'), new Date('2026-03-14T19:30:00Z'), false)).toEqual({
      allDay: false,
      start: '2026-03-14T17:00',
      end: '2026-03-14T19:30',
    });
    expect(movedTimes(new Date('2026-03-14T00:00:00Z'), new Date('2026-03-16T00:00:00Z'), true)).toEqual({
      allDay: true,
      start: '2026-03-14',
      end: '2026-03-15',
    });
    expect(apiRange(new Date('2026-03-09T00:00:00Z'), new Date('2026-03-16T00:00:00Z'))).toEqual({
      from: '2026-03-08T00:00:00.000Z',
      to: '2026-03-17T00:00:00.000Z',
    });
    expect(whenText(occurrence())).toBe('Fri, Mar 13, 2026 · 6:00 PM – 8:00 PM');
    // A repeat's last day, whatever the viewer's zone: noon UTC keeps it on its date.
    expect(shortDate('2026-12-13')).toBe('Dec 13, 2026');
    expect(shortDate('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('opens a time grid half an hour before the earliest event of the range, else at 2 pm', () => {
    const at = (localStart: string, allDay = false) => ({ localStart, allDay });
    const week = [at('2026-03-09T15:30'), at('2026-03-14T08:00'), at('2026-03-10T19:00'), at('2026-03-08T06:00')];
    expect(firstEventScrollTime(week, '2026-03-09', '2026-03-16')).toBe('07:30:00');
    expect(
      firstEventScrollTime([at('2026-03-09T15:30'), at('2026-03-09T00:00', true)], '2026-03-09', '2026-03-10'),
    ).toBe('15:00:00');
    expect(firstEventScrollTime([], '2026-03-09', '2026-03-16')).toBe(DEFAULT_SCROLL_TIME);
  });
});

describe('schoolNow', () => {
  it('is the school’s wall clock, marked UTC for the grid', () => {
    const evening = new Date('2026-11-25T01:47:00Z');
    expect(schoolNow('America/Chicago', evening)).toBe('2026-11-24T19:47:00Z');
    expect(schoolNow('America/New_York', evening)).toBe('2026-11-24T20:47:00Z');
    expect(schoolNow('UTC', evening)).toBe('2026-11-25T01:47:00Z');
  });
});
