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

/** When a message came, short: "10:42 AM" today, "Tue" this week, "Mar 3" before. */
export function relativeTime(iso: string, now = new Date()) {
  const date = new Date(iso);
  const days = (startOfToday(now).getTime() - startOfToday(date).getTime()) / 86_400_000;
  if (days < 1) return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (days < 7) return date.toLocaleDateString('en-US', { weekday: 'short' });
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
