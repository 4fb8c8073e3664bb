/**
 * Repetition in the organization's zone: weekly on chosen days or monthly (on a day, or on the
 * first…fourth/last weekday), every N weeks or months, until a date. The `rrule` package expands
 * the rule on wall-clock dates ("floating" UTC midnights, no TZID); each date is then placed in the
 * zone, so a 4:00 pm practice stays 4:00 pm local across DST changes. Pure; decision 010.
 */

import {
  addDays,
  instantOf,
  monthWeekOf,
  parseWall,
  type Recurrence,
  WEEKDAYS,
  type Weekday,
} from '@fieldhouse/shared';
import * as rruleModule from 'rrule';

// Node loads rrule's CommonJS build, whose exports sit on `default` (its ESM build has no named
// export Node can see); a bundler hands over the ESM names directly.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

const DAY = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
/** RFC weekday of a `YYYY-MM-DD` (1970-01-01 was a Thursday). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(((dayNumber(date) + 3) % 7) + 7) % 7] as Weekday;

const RRULE_DAYS = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };
const floating = (date: string) => new Date(`${date}T00:00:00Z`);

/** The rrule of a rule from `startDate`, on floating dates. */
function toRRule(startDate: string, rule: Recurrence, interval = rule.interval ?? 1) {
  const monthly = rule.freq === 'MONTHLY';
  const days = rule.byDay ?? [];
  return new RRule({
    freq: monthly ? RRule.MONTHLY : RRule.WEEKLY,
    interval,
    // Weeks count from the Monday of the first week (RFC 5545 WKST=MO).
    wkst: RRule.MO,
    dtstart: floating(startDate),
    until: floating(rule.until),
    ...(monthly && rule.byMonthDay !== undefined
      ? { bymonthday: rule.byMonthDay }
      : { byweekday: days.map((d) => (monthly && rule.nth ? RRULE_DAYS[d].nth(rule.nth) : RRULE_DAYS[d])) }),
  });
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** The first date on or after `date` that the rule allows (a series starts on one of its dates). */
export function firstMatchingDate(date: string, rule: Recurrence): string {
  // Interval 1 and no end: the start snaps to the next matching day, not the next counted period.
  const next = toRRule(date, { ...rule, until: addDays(date, 400) }, 1).after(floating(date), true);
  return next ? dateOf(next) : date;
}

/** Every date of the rule from `startDate` (itself a date of the rule) to `until`, inclusive. */
export function recurrenceDates(startDate: string, rule: Recurrence, limit = 1000): string[] {
  const dates: string[] = [];
  toRRule(startDate, rule).all((d, i) => {
    if (i >= limit) return false;
    dates.push(dateOf(d));
    return true;
  });
  return dates;
}

/** The rule re-anchored on another start date: weekdays shifted, a monthly rule taken from the date. */
export function shiftRule(rule: Recurrence, from: string, to: string): Recurrence {
  if (rule.freq === 'MONTHLY') {
    return { ...rule, ...monthlyOn(to, rule.nth !== undefined ? 'weekday' : 'day', rule.nth === -1) };
  }
  const shift = ((((dayNumber(to) - dayNumber(from)) % 7) + 7) % 7) as number;
  return { ...rule, byDay: rule.byDay.map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d) + shift) % 7] as Weekday) };
}

/** The monthly rule parts a date suggests: its day, or its weekday of the month. */
export function monthlyOn(date: string, kind: 'day' | 'weekday', preferLast = false) {
  if (kind === 'day') return { byMonthDay: Number(date.slice(8, 10)), byDay: [] as Weekday[], nth: undefined };
  return { byDay: [weekdayOf(date)], nth: monthWeekOf(date, preferLast), byMonthDay: undefined };
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
