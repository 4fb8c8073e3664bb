/**
 * Wall-clock time in a named IANA zone, with nothing but Intl: the calendar keeps times in the
 * organization's zone (a 4:00 pm practice stays 4:00 pm across a DST change), whatever zone the
 * viewer's browser or the server runs in. Wall times are strings `YYYY-MM-DDTHH:mm`.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the zone. */
export function isValidTimeZone(timeZone: string) {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export function wallTimeOf(instant: Date | number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: (parts.hour as number) % 24,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

const floating = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC in milliseconds at an instant (positive east of Greenwich). */
export function zoneOffset(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const whole = t - (t % 1000);
  return floating(wallTimeOf(whole, timeZone)) - whole;
}

/**
 * The instant a wall time happens in a zone. A time skipped by a spring-forward change moves
 * forward by the gap (2:30 am → 3:30 am); a repeated autumn time is its first occurrence.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const guess = floating(wall);
  const first = guess - zoneOffset(guess, timeZone);
  const second = guess - zoneOffset(first, timeZone);
  if (first === second) return new Date(first);
  // Around a change the two candidates differ: take the one that reads back as the wall time,
  // earliest first; for a skipped time neither does and the later offset applies.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) if (floating(wallTimeOf(c, timeZone)) === guess) return new Date(c);
  return new Date(guess - zoneOffset(guess - 12 * 3600_000, timeZone));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:mm` of an instant in a zone. */
export function toWallString(instant: Date | number, timeZone: string): string {
  const w = wallTimeOf(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** `YYYY-MM-DD` of an instant in a zone. */
export const toWallDate = (instant: Date | number, timeZone: string) => toWallString(instant, timeZone).slice(0, 10);

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss]`; undefined when it is not a real date and time. */
export function parseWall(text: string): WallTime | undefined {
  const m = WALL.exec(text.trim());
  if (!m) return undefined;
  const wall: WallTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
  const check = new Date(floating(wall));
  if (
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() + 1 !== wall.month ||
    check.getUTCDate() !== wall.day ||
    wall.hour > 23 ||
    wall.minute > 59 ||
    wall.second > 59
  ) {
    return undefined;
  }
  return wall;
}

/** The wall string as an instant in the zone (throws on a malformed string; validate first). */
export function wallStringToInstant(text: string, timeZone: string): Date {
  const wall = parseWall(text);
  if (!wall) throw new Error(`not a wall time: ${text}`);
  return instantOf(wall, timeZone);
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
