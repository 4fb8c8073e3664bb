/** Dates as the school's clock shows them (the schedule's `timezone`), in the reader's words. */
const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options });

export const dayLabel = (iso: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'long', month: 'short', day: 'numeric' }).format(new Date(iso));

export const timeLabel = (iso: string, timeZone: string) =>
  formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The day an instant falls on in the zone, as YYYY-MM-DD: agenda groups by it. */
export const dayKey = (iso: string, timeZone: string) =>
  formatter(timeZone, { dateStyle: 'short' }).format(new Date(iso));

/** The start of today on this device: the agenda starts there. */
export function startOfToday(now = new Date()) {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
