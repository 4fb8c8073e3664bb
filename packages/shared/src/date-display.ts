/**
 * Date display of SPEC §3: 'N/A' when empty, 'h:mm AM/PM' for today, else 'Jan 5, 2024'.
 * `now` and `timeZone` are parameters so the rule is testable and follows the viewer's zone.
 */
export function formatDisplayDate(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const dayKey = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  if (dayKey(date) === dayKey(now)) {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(
      date,
    );
  }
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}
