/**
 * Change notices: what a calendar change posts to the team's chat room and notifications.
 * Moves, postponements, cancellations, new events and removals are news; other updates stay quiet.
 */
import { EVENT_TYPE_LABELS, type Recurrence, toWallString, WEEKDAYS, type Weekday } from '@fieldhouse/shared';
import type { Db } from '../../db/client.ts';
import type { CalendarEventRow } from '../../db/schema/index.ts';
import { type Announcement, announceToTeam } from './announce.ts';

const dateTime = (timeZone: string, allDay: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(allDay ? {} : { hour: 'numeric', minute: '2-digit' }),
  });

/** "Game vs Central High (Home)" / "Practice" — how messages and feeds name an event. */
export function eventLabel(row: Pick<CalendarEventRow, 'type' | 'title' | 'opponent' | 'homeAway'>) {
  if (row.type === 'GAME' && row.opponent) {
    const where = row.homeAway === 'HOME' ? ' (Home)' : row.homeAway === 'AWAY' ? ' (Away)' : '';
    const vs = row.homeAway === 'AWAY' ? 'at' : 'vs';
    return row.title.toLowerCase().includes(row.opponent.toLowerCase())
      ? `${row.title}${where}`
      : `${row.title}: ${vs} ${row.opponent}${where}`;
  }
  return row.title;
}

const whenText = (row: Pick<CalendarEventRow, 'startsAt' | 'allDay'>, timeZone: string) =>
  dateTime(timeZone, row.allDay).format(row.startsAt);

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const ruleText = (rule: Recurrence) =>
  `every ${rule.interval > 1 ? `${rule.interval} weeks on ` : ''}${[...rule.byDay]
    .sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))
    .map((d) => WEEKDAY_NAMES[d])
    .join(', ')} until ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${rule.until}T12:00:00Z`),
  )}`;

export type Change = 'create' | 'move' | 'postpone' | 'cancel' | 'reschedule' | 'delete' | 'update';

function messageFor(change: Change, row: CalendarEventRow, timeZone: string, before?: CalendarEventRow) {
  const label = eventLabel(row);
  const when = whenText(row, timeZone);
  const place = row.location ?? row.facility;
  const at = place ? ` at ${place}` : '';
  const kind = EVENT_TYPE_LABELS[row.type].toLowerCase();
  switch (change) {
    case 'create':
      return row.recurrence
        ? `New ${kind} series: ${label}, ${when}, ${ruleText(row.recurrence)}${at}.`
        : `New ${kind}: ${label}, ${when}${at}.`;
    case 'move':
      return `Schedule change: ${label} moved to ${when}${at}${before ? ` (was ${whenText(before, timeZone)})` : ''}.`;
    case 'postpone':
      return `Postponed: ${label} on ${when}. A new date will follow.`;
    case 'cancel':
      return `Cancelled: ${label} on ${when}.`;
    case 'reschedule':
      return `Back on the schedule: ${label}, ${when}${at}.`;
    case 'delete':
      return `Removed from the schedule: ${label} on ${when}.`;
    default:
      return `Updated: ${label}, ${when}${at}.`;
  }
}

const TITLES: Record<Change, string> = {
  create: 'New on the schedule',
  move: 'Schedule change',
  postpone: 'Event postponed',
  cancel: 'Event cancelled',
  reschedule: 'Event rescheduled',
  delete: 'Event removed',
  update: 'Event updated',
};

/** Posts the team message for changes people must hear about; others stay quiet. */
export async function announce(
  tx: Db,
  change: Change,
  row: CalendarEventRow,
  timeZone: string,
  before?: CalendarEventRow,
  actorId: number | null = null,
): Promise<Announcement | null> {
  if (!row.teamId || change === 'update') return null;
  return announceToTeam(tx, {
    actorId,
    organizationId: row.organizationId,
    teamId: row.teamId,
    title: TITLES[change],
    content: messageFor(change, row, timeZone, before),
    actionUrl: `/calendar?date=${toWallString(row.startsAt, timeZone).slice(0, 10)}&event=${row.seriesId ?? row.id}`,
  });
}

/** Which message a change deserves: moves, postponements and cancellations are news. */
export function changeKind(before: CalendarEventRow, after: CalendarEventRow): Change {
  if (after.status !== before.status) {
    if (after.status === 'CANCELLED') return 'cancel';
    if (after.status === 'POSTPONED') return 'postpone';
    return 'reschedule';
  }
  if (after.startsAt.getTime() !== before.startsAt.getTime() || after.endsAt.getTime() !== before.endsAt.getTime()) {
    return 'move';
  }
  return 'update';
}
