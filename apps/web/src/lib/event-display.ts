/** How an event reads and looks wherever it is listed: calendar, home, reports. */
import type { CalendarOccurrence, EventType } from '@fieldhouse/shared';

/** Mantine palette per type: the legend, the blocks and the drawer use the same. */
export const TYPE_COLORS: Record<EventType, string> = {
  GAME: 'red',
  PRACTICE: 'blue',
  MEETING: 'grape',
  TOURNAMENT: 'orange',
  OTHER: 'gray',
};

/** A game reads "Varsity Basketball vs Central High" (or "@" away); anything else its title. */
export function eventTitle(o: Pick<CalendarOccurrence, 'type' | 'title' | 'opponent' | 'homeAway'>) {
  if (o.type !== 'GAME' || !o.opponent) return o.title;
  return `${o.title} ${o.homeAway === 'AWAY' ? '@' : 'vs'} ${o.opponent}`;
}

/** "4:30 PM" from a wall time `YYYY-MM-DDTHH:mm` (the school's clock, whatever the viewer's). */
export const wallTime = (wall: string) => {
  const [h = 0, m = 0] = wall.slice(11, 16).split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** "Tue, Nov 24" from a wall time or date. */
export const wallDate = (wall: string) =>
  new Date(`${wall.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
