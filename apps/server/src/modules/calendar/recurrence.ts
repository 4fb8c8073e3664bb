/**
 * Weekly recurrence in the organization's zone (the only rule the product offers: weekly on
 * chosen days, every N weeks, until a date). Occurrences are computed on wall-clock dates and
 * then placed in the zone, so a 4:00 pm practice stays 4:00 pm local across DST changes.
 * Pure; decision 010 says why this is not the rrule package.
 */
import { addDays, instantOf, parseWall, type Recurrence, WEEKDAYS, type Weekday } from '@fieldhouse/shared';

const DAY = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
/** RFC weekday of a `YYYY-MM-DD` (1970-01-01 was a Thursday). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(((dayNumber(date) + 3) % 7) + 7) % 7] as Weekday;

/** The first date on or after `date` that the rule allows (a series starts on one of its days). */
export function firstMatchingDate(date: string, byDay: readonly Weekday[]): string {
  for (let i = 0; i < 7; i++) {
    const d = addDays(date, i);
    if (byDay.includes(weekdayOf(d))) return d;
  }
  return date;
}

/** Every date of the rule from `startDate` (itself on a chosen weekday) to `until`, inclusive. */
export function recurrenceDates(startDate: string, rule: Recurrence, limit = 1000): string[] {
  const dates: string[] = [];
  const start = dayNumber(startDate);
  // Weeks count from the Monday of the first week (RFC 5545 WKST=MO).
  const firstMonday = start - ((((start + 3) % 7) + 7) % 7);
  const end = dayNumber(rule.until);
  for (let n = start; n <= end && dates.length < limit; n++) {
    const week = Math.floor((n - firstMonday) / 7);
    if (week % (rule.interval ?? 1) !== 0) continue;
    const date = new Date(n * DAY).toISOString().slice(0, 10);
    if (rule.byDay.includes(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

export type SeriesShape = {
  /** Wall start and end of the first occurrence in the zone, `YYYY-MM-DDTHH:mm`. */
  localStart: string;
  localEnd: string;
  rule: Recurrence;
};

export type Occurrence = { start: Date; end: Date; localStart: string; localEnd: string };

/** The occurrence of a series on `date`: same wall times, same number of days long. */
export function occurrenceOn(series: Pick<SeriesShape, 'localStart' | 'localEnd'>, date: string, timeZone: string) {
  const span = dayNumber(series.localEnd.slice(0, 10)) - dayNumber(series.localStart.slice(0, 10));
  const localStart = `${date}T${series.localStart.slice(11, 16)}`;
  const localEnd = `${addDays(date, span)}T${series.localEnd.slice(11, 16)}`;
  const wallStart = parseWall(localStart);
  const wallEnd = parseWall(localEnd);
  if (!wallStart || !wallEnd) throw new Error('malformed series times');
  return { start: instantOf(wallStart, timeZone), end: instantOf(wallEnd, timeZone), localStart, localEnd };
}

/** The series' occurrences that overlap [from, to). */
export function expandSeries(series: SeriesShape, timeZone: string, from: Date, to: Date): Occurrence[] {
  const dates = recurrenceDates(series.localStart.slice(0, 10), series.rule);
  const out: Occurrence[] = [];
  for (const date of dates) {
    const occurrence = occurrenceOn(series, date, timeZone);
    if (occurrence.start >= to) break;
    if (occurrence.end > from) out.push(occurrence);
  }
  return out;
}

/** When the series' last possible occurrence ends (for range queries). */
export function seriesEnd(series: SeriesShape, timeZone: string): Date {
  const dates = recurrenceDates(series.localStart.slice(0, 10), series.rule);
  const last = dates.at(-1) ?? series.localStart.slice(0, 10);
  return occurrenceOn(series, last, timeZone).end;
}
