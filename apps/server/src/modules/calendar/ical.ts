/**
 * An RFC 5545 writer for the calendar feeds and exports: CRLF lines folded at 75 octets, TEXT
 * escaping, a VTIMEZONE built from the zone's real transitions (so a weekly RRULE keeps its wall
 * time across DST in every client), RRULE/EXDATE/RECURRENCE-ID for series with exceptions.
 * Pure: no database, no clock.
 */
import { type Recurrence, zoneOffset } from '@fieldhouse/shared';

export const PRODID = '-//Fieldhouse//Calendar 1.0//EN';
export const UID_DOMAIN = 'fieldhouse.app';

export type IcalEvent = {
  uid: string;
  sequence: number;
  /** DTSTAMP and LAST-MODIFIED. */
  updatedAt: Date;
  createdAt: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  categories?: string[];
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  allDay: boolean;
  /** Wall times in the calendar's zone, `YYYY-MM-DDTHH:mm`; all-day end is exclusive. */
  localStart: string;
  localEnd: string;
  rule?: Recurrence | null;
  /** The series' last instant, used for UNTIL (UTC, as RFC 5545 requires with a TZID start). */
  untilUtc?: Date | null;
  /** Original starts (wall times) of deleted occurrences. */
  exdates?: string[];
  /** For an exception: the original start (wall time) of the occurrence it replaces. */
  recurrenceId?: string | null;
  url?: string | null;
};

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replaceAll(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the continuation's leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (wall: string) =>
  `${wall.slice(0, 10).replaceAll('-', '')}T${wall.slice(11, 13)}${wall.slice(14, 16)}00`;
const dateValue = (wall: string) => wall.slice(0, 10).replaceAll('-', '');
export const utcValue = (instant: Date) => `${instant.toISOString().slice(0, 19).replaceAll(/[-:]/g, '')}Z`;

function offsetValue(ms: number) {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / 60_000;
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

export type Transition = { at: number; from: number; to: number };

/** The zone's offset changes between two instants, to the minute. */
export function zoneTransitions(timeZone: string, from: number, to: number): Transition[] {
  const out: Transition[] = [];
  const step = 86_400_000;
  let t = from;
  let offset = zoneOffset(t, timeZone);
  while (t < to) {
    const next = t + step;
    const nextOffset = zoneOffset(next, timeZone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (zoneOffset(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: offset, to: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return out;
}

/** A VTIMEZONE with one observance per transition in [fromYear, toYear] (explicit, no rules). */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const transitions = zoneTransitions(timeZone, Date.UTC(fromYear, 0, 1), Date.UTC(toYear + 1, 0, 1));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, from: number, to: number) => {
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${offsetValue(from)}`,
      `TZOFFSETTO:${offsetValue(to)}`,
      `END:${kind}`,
    );
  };
  const first = transitions[0];
  if (!first) {
    const offset = zoneOffset(Date.UTC(fromYear, 0, 1), timeZone);
    observance('STANDARD', '19700101T000000', offset, offset);
  } else {
    // The time before the first listed change.
    observance(first.from < first.to ? 'STANDARD' : 'DAYLIGHT', '19700101T000000', first.from, first.from);
    for (const t of transitions) {
      const local = new Date(t.at + t.from).toISOString().slice(0, 19).replaceAll(/[-:]/g, '');
      observance(t.to > t.from ? 'DAYLIGHT' : 'STANDARD', local, t.from, t.to);
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const WEEKDAY_ORDER = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function eventLines(event: IcalEvent, timeZone: string): string[] {
  const when = (name: string, wall: string) =>
    event.allDay ? `${name};VALUE=DATE:${dateValue(wall)}` : `${name};TZID=${timeZone}:${compact(wall)}`;
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcValue(event.updatedAt)}`,
    `CREATED:${utcValue(event.createdAt)}`,
    `LAST-MODIFIED:${utcValue(event.updatedAt)}`,
    `SEQUENCE:${event.sequence}`,
  ];
  if (event.recurrenceId) lines.push(when('RECURRENCE-ID', event.recurrenceId));
  lines.push(when('DTSTART', event.localStart), when('DTEND', event.localEnd));
  if (event.rule) {
    const days = [...event.rule.byDay].sort((a, b) => WEEKDAY_ORDER.indexOf(a) - WEEKDAY_ORDER.indexOf(b));
    const until = event.allDay
      ? event.rule.until.replaceAll('-', '')
      : utcValue(event.untilUtc ?? new Date(`${event.rule.until}T23:59:59Z`));
    const interval = event.rule.interval && event.rule.interval > 1 ? `;INTERVAL=${event.rule.interval}` : '';
    const { byMonthDay, nth } = event.rule;
    const on =
      event.rule.freq !== 'MONTHLY'
        ? `FREQ=WEEKLY${interval};BYDAY=${days.join(',')}`
        : byMonthDay !== undefined
          ? `FREQ=MONTHLY${interval};BYMONTHDAY=${byMonthDay}`
          : `FREQ=MONTHLY${interval};BYDAY=${nth}${days[0]}`;
    lines.push(`RRULE:${on};UNTIL=${until}`);
    for (const exdate of event.exdates ?? []) lines.push(when('EXDATE', exdate));
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

export type IcalCalendar = { name: string; timeZone: string; events: IcalEvent[]; description?: string };

/** The whole VCALENDAR text, CRLF-terminated lines, folded. */
export function buildCalendar({ name, timeZone, events, description }: IcalCalendar): string {
  const years = events.flatMap((e) => [
    Number(e.localStart.slice(0, 4)),
    Number((e.rule?.until ?? e.localEnd).slice(0, 4)),
  ]);
  const now = new Date().getUTCFullYear();
  const fromYear = Math.min(now, ...years) - 1;
  const toYear = Math.max(now, ...years) + 1;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...(description ? [`X-WR-CALDESC:${escapeText(description)}`] : []),
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(timeZone, fromYear, toYear),
    ...events.flatMap((e) => eventLines(e, timeZone)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
