/**
 * The calendar day an instant falls on in the zone, as that date's UTC midnight: days counted
 * between two of these are whole numbers even across a daylight-saving change (23- or 25-hour days).
 */
function zoneDay(date: Date, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, number>>((all, p) => Object.assign(all, { [p.type]: Number(p.value) }), {});
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
}

/**
 * When a message came, short, on the school's clock (`timeZone`; the device's when unknown):
 * "10:42 AM" today, "Tue" within the week, "Mar 3" before. A coach away on a trip reads the
 * same days as the school does.
 */
export function relativeTime(iso: string, timeZone: string | undefined, now = new Date()) {
  const date = new Date(iso);
  const days = (zoneDay(now, timeZone) - zoneDay(date, timeZone)) / 86_400_000;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(date);
  if (days < 1) return format({ hour: 'numeric', minute: '2-digit' });
  if (days < 7) return format({ weekday: 'short' });
  return format({ month: 'short', day: 'numeric' });
}
