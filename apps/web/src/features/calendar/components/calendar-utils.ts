/**
 * Pure pieces of the calendar screen: the URL's search params and the mapping
 * between API occurrences (wall times in the school's zone) and FullCalendar, which runs in
 * 'UTC' so it shows those wall times unchanged whatever the browser's zone.
 */
import { addDays, type CalendarOccurrence, EVENT_TYPES, toWallString } from '@fieldhouse/shared';
import { z } from 'zod';
import { eventTitle } from '../../../lib/event-display.ts';
import { teamColor } from './team-colors.ts';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const FULLCALENDAR_VIEW: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  // Two weeks from the chosen day (today unless navigated): what is coming, not what has passed
  // since Monday or the 1st. Defined in CalendarScreen's views.
  agenda: 'listFortnight',
};

/** Below Mantine's `sm` (48em): the calendar's phone layout. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Search params of /calendar; anything invalid falls back to the default. No view means the
 * screen's default for its width (week on a desktop, agenda on a phone).
 */
export const calendarSearchSchema = z.object({
  view: z.enum(CALENDAR_VIEWS).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  team: z.coerce.number().int().positive().optional().catch(undefined),
  sport: z.coerce.number().int().positive().optional().catch(undefined),
  /** Only this facility's events. */
  facility: z.coerce.number().int().positive().optional().catch(undefined),
  type: z.enum(EVENT_TYPES).optional().catch(undefined),
  event: z.coerce.number().int().positive().optional().catch(undefined),
});
export type CalendarSearch = z.infer<typeof calendarSearchSchema>;

/** A Date whose UTC fields are a wall time (FullCalendar in 'UTC') → `YYYY-MM-DDTHH:mm`. */
export const wallOf = (date: Date) => date.toISOString().slice(0, 16);

/**
 * The school's wall-clock now, for FullCalendar's `now` (the grid is in wall time, marked UTC):
 * "today" and the agenda's first day are the school's, not the browser's or UTC's, after 6 pm in
 * Chicago too.
 */
export const schoolNow = (timeZone: string, at = new Date()) => `${toWallString(at, timeZone)}:00Z`;

export type FullCalendarInput = {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  classNames: string[];
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  editable: boolean;
  extendedProps: { occurrence: CalendarOccurrence };
};

/** An occurrence as a FullCalendar event (times as zone-less strings, read as UTC). */
export function toFullCalendarEvent(o: CalendarOccurrence): FullCalendarInput {
  return {
    id: o.key,
    title: eventTitle(o),
    start: o.allDay ? o.localStart.slice(0, 10) : `${o.localStart}:00`,
    end: o.allDay ? o.localEnd.slice(0, 10) : `${o.localEnd}:00`,
    allDay: o.allDay,
    classNames: [`fh-event`, `fh-type-${o.type.toLowerCase()}`, `fh-status-${o.status.toLowerCase()}`],
    // Coloured by team (the type is the icon), white text at AA contrast. A cancelled event is
    // an outline in the team's colour, struck through, rather than faded below contrast.
    backgroundColor: o.status === 'CANCELLED' ? 'var(--mantine-color-body)' : teamColor(o.team?.id),
    borderColor: teamColor(o.team?.id),
    textColor: o.status === 'CANCELLED' ? 'var(--mantine-color-text)' : '#ffffff',
    editable: o.status !== 'CANCELLED',
    extendedProps: { occurrence: o },
  };
}

/** The API range for a visible FullCalendar range: a day of margin for the zone offset. */
export function apiRange(start: Date, end: Date) {
  return {
    from: `${addDays(wallOf(start).slice(0, 10), -1)}T00:00:00.000Z`,
    to: `${addDays(wallOf(end).slice(0, 10), 1)}T00:00:00.000Z`,
  };
}

/** Moving or resizing: the new wall start/end for the API (all-day end is inclusive there). */
export function movedTimes(start: Date, end: Date | null, allDay: boolean) {
  if (allDay) {
    const first = wallOf(start).slice(0, 10);
    const last = end ? addDays(wallOf(end).slice(0, 10), -1) : first;
    return { allDay, start: first, end: last < first ? first : last };
  }
  const s = wallOf(start);
  return { allDay, start: s, end: end ? wallOf(end) : wallOf(new Date(start.getTime() + 3_600_000)) };
}

// Made on first use: a page's first Intl formatter loads the locale's data (about 45 ms on a
// phone), and this module is part of the start-up script (the calendar route's search schema).
let formats: { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; short: Intl.DateTimeFormat } | undefined;
const eventFormats = () =>
  (formats ??= {
    short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  });

/** "Fri, Mar 13, 2026 · 7:00 PM – 9:00 PM" in the school's time. */
export function whenText(o: Pick<CalendarOccurrence, 'allDay' | 'localStart' | 'localEnd'>) {
  const { time: timeFormat, day: dayFormat } = eventFormats();
  const start = new Date(`${o.localStart}:00Z`);
  const end = new Date(`${o.localEnd}:00Z`);
  if (o.allDay) {
    const last = new Date(end.getTime() - 86_400_000);
    return last.getTime() > start.getTime()
      ? `${dayFormat.format(start)} – ${dayFormat.format(last)} · All day`
      : `${dayFormat.format(start)} · All day`;
  }
  const sameDay = o.localStart.slice(0, 10) === o.localEnd.slice(0, 10);
  return sameDay
    ? `${dayFormat.format(start)} · ${timeFormat.format(start)} – ${timeFormat.format(end)}`
    : `${dayFormat.format(start)} ${timeFormat.format(start)} – ${dayFormat.format(end)} ${timeFormat.format(end)}`;
}

/** `YYYY-MM-DD` → "Dec 13, 2026". */
export const shortDate = (date: string) => eventFormats().short.format(new Date(`${date}T12:00:00Z`));

/** Where Week and Day open when the range has no timed event: the school's usual 2–9 pm. */
export const DEFAULT_SCROLL_TIME = '14:00:00';

/**
 * Where a time grid should open: half an hour before the earliest-starting timed event of the
 * range [from, to) (wall dates `YYYY-MM-DD`), so the first event is in view, not 6 am's blanks.
 */
export function firstEventScrollTime(
  occurrences: Pick<CalendarOccurrence, 'allDay' | 'localStart'>[],
  from: string,
  to: string,
) {
  const times = occurrences
    .filter((o) => !o.allDay && o.localStart.slice(0, 10) >= from && o.localStart.slice(0, 10) < to)
    .map((o) => o.localStart.slice(11, 16))
    .sort();
  const first = times[0];
  if (!first) return DEFAULT_SCROLL_TIME;
  const [h = 0, m = 0] = first.split(':').map(Number);
  const minutes = Math.max(0, h * 60 + m - 30);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}
