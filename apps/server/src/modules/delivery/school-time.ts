/** "Nov 26, 3:05 PM CST": an instant on the school's wall clock, as a mail shows it. */
export function schoolTime(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
