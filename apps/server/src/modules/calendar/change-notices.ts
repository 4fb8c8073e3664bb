/**
 * Change notices (decision 024): what a calendar change posts to chat and notifications, a
 * structured before → after diff of every field people plan by, kept in the SYSTEM message's
 * metadata, with plain text naming every change for anything that cannot draw the card.
 */
import {
  type ChangeKind,
  type ChangeNotice,
  EVENT_TYPE_LABELS,
  type EventStatus,
  type HomeAway,
  NOTICE_FIELD_LABELS,
  NOTICE_FIELDS,
  type NoticeChange,
  type NoticeField,
  type Recurrence,
  repeatPhrase,
  toWallString,
  type Weekday,
} from '@fieldhouse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, teams } from '../../db/schema/index.ts';
import { type Announcement, announceToTeams } from './announce.ts';

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
const untilText = (rule: Recurrence) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${rule.until}T12:00:00Z`),
  );
const ruleText = (rule: Recurrence) => `${repeatPhrase(rule, WEEKDAY_NAMES)} until ${untilText(rule)}`;

export type Change = ChangeKind;

const STATUS_LABELS: Record<EventStatus, string> = {
  SCHEDULED: 'Scheduled',
  POSTPONED: 'Postponed',
  CANCELLED: 'Cancelled',
};
const HOME_AWAY_LABELS: Record<HomeAway, string> = { HOME: 'Home', AWAY: 'Away', NEUTRAL: 'Neutral site' };

const dateOnly = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
const timeOnly = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });

type Shown = Pick<
  CalendarEventRow,
  | 'type'
  | 'title'
  | 'startsAt'
  | 'endsAt'
  | 'allDay'
  | 'facility'
  | 'location'
  | 'opponent'
  | 'homeAway'
  | 'status'
  | 'transportation'
  | 'recurrence'
>;

/** Each notice field of a row as people read it, in the organization's zone (null: empty). */
function fieldValues(row: Shown, timeZone: string): Record<Exclude<NoticeField, 'team'>, string | null> {
  const day = dateOnly(timeZone);
  // All-day ends are exclusive midnights: the last day is the one before.
  const lastDay = row.allDay ? new Date(row.endsAt.getTime() - 1) : row.endsAt;
  const first = day.format(row.startsAt);
  const last = day.format(lastDay);
  const time = timeOnly(timeZone);
  return {
    title: row.title,
    type: EVENT_TYPE_LABELS[row.type],
    date: first === last ? first : `${first} – ${last}`,
    time: row.allDay ? 'All day' : `${time.format(row.startsAt)} – ${time.format(row.endsAt)}`,
    facility: row.facility || null,
    location: row.location || null,
    opponent: row.opponent || null,
    homeAway: row.homeAway ? HOME_AWAY_LABELS[row.homeAway] : null,
    status: STATUS_LABELS[row.status],
    transportation: row.transportation || null,
    repeat: row.recurrence ? ruleText(row.recurrence) : null,
  };
}

/** Every notice field that differs between two states (a new event: every field it has). */
export function diffFields(before: Shown | undefined, after: Shown, timeZone: string): NoticeChange[] {
  const next = fieldValues(after, timeZone);
  const prev = before ? fieldValues(before, timeZone) : null;
  return NOTICE_FIELDS.flatMap((field) => {
    // The team is named from the teams table: `announce` adds it.
    if (field === 'team') return [];
    const was = prev ? prev[field] : null;
    const now = next[field];
    if (was === now) return [];
    // A new event's card names it already (title, type): list what people plan by.
    if (!prev && (field === 'title' || field === 'type' || (field === 'status' && after.status === 'SCHEDULED'))) {
      return [];
    }
    return [{ field, before: was, after: now }];
  });
}

const HEADLINES: Record<Change, string> = {
  create: 'New',
  move: 'Schedule change',
  update: 'Schedule change',
  postpone: 'Postponed',
  cancel: 'Cancelled',
  reschedule: 'Back on the schedule',
  delete: 'Removed from the schedule',
};

const changeText = (changes: NoticeChange[]) =>
  changes.map((c) => `${NOTICE_FIELD_LABELS[c.field]}: ${c.before ?? '(none)'} → ${c.after ?? '(none)'}`).join('; ');

/** The plain-text content: the headline sentence, then every changed field (clients without cards read this). */
function messageFor(change: Change, row: CalendarEventRow, timeZone: string, changes: NoticeChange[]) {
  const label = eventLabel(row);
  const when = whenText(row, timeZone);
  const place = row.location ?? row.facility;
  const at = place ? ` at ${place}` : '';
  const kind = EVENT_TYPE_LABELS[row.type].toLowerCase();
  const diff = changes.length ? ` ${changeText(changes)}.` : '';
  switch (change) {
    case 'create':
      return row.recurrence
        ? `New ${kind} series: ${label}, ${when}, ${ruleText(row.recurrence)}${at}.`
        : `New ${kind}: ${label}, ${when}${at}.`;
    case 'move':
      return `Schedule change: ${label} moved to ${when}${at}.${diff}`;
    case 'postpone':
      return `Postponed: ${label} on ${when}. A new date will follow.${diff}`;
    case 'cancel':
      return `Cancelled: ${label} on ${when}.${diff}`;
    case 'reschedule':
      return `Back on the schedule: ${label}, ${when}${at}.${diff}`;
    case 'delete':
      return `Removed from the schedule: ${label} on ${when}.`;
    default:
      return `Schedule change: ${label}, ${when}${at}.${diff}`;
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

/** The notice of a change: its structured diff and the plain text that names every change. */
export function noticeFor(
  change: Change,
  row: CalendarEventRow,
  timeZone: string,
  before?: Shown,
  teamChange?: NoticeChange,
) {
  const changes: NoticeChange[] =
    change === 'delete'
      ? [{ field: 'status', before: STATUS_LABELS[row.status], after: 'Removed' }]
      : [...(teamChange ? [teamChange] : []), ...diffFields(change === 'create' ? undefined : before, row, timeZone)];
  const actionUrl = `/calendar?date=${toWallString(row.startsAt, timeZone).slice(0, 10)}&event=${row.seriesId ?? row.id}`;
  const notice: ChangeNotice = {
    kind: change,
    headline: change === 'create' ? `New ${EVENT_TYPE_LABELS[row.type].toLowerCase()}` : HEADLINES[change],
    event: eventLabel(row),
    when: whenText(row, timeZone),
    eventId: row.seriesId ?? row.id,
    changes,
    actionUrl,
  };
  return { notice, content: messageFor(change, row, timeZone, changes) };
}

/**
 * Posts the notice of a change people must hear about: to the event's team room (and the team
 * it left, if it changed teams), or for an organization-wide event (before or after) to every
 * active team's room.
 * An update that changes no notice field (the notes, say) stays quiet.
 */
export async function announce(
  tx: Db,
  change: Change,
  row: CalendarEventRow,
  timeZone: string,
  before?: CalendarEventRow,
  actorId: number | null = null,
): Promise<Announcement | null> {
  const moved = change !== 'create' && change !== 'delete' && before && before.teamId !== row.teamId;
  const teamChange = moved ? await teamChangeOf(tx, before.teamId, row.teamId) : undefined;
  const { notice, content } = noticeFor(change, row, timeZone, before, teamChange);
  if (change === 'update' && notice.changes.length === 0) return null;
  // Whoever had the event hears of it: a team that loses it too, every team for the whole school.
  const had = [row.teamId, ...(before && change !== 'create' ? [before.teamId] : [])];
  const teamIds = had.includes(null)
    ? await activeTeamIds(tx, row.organizationId)
    : [...new Set(had.filter((id): id is number => id !== null))];
  if (teamIds.length === 0) return null;
  return announceToTeams(tx, {
    actorId,
    organizationId: row.organizationId,
    teamIds,
    title: TITLES[change],
    content,
    metadata: { notice },
    actionUrl: notice.actionUrl,
    // A new event asks nobody (availability is its answer); a change to one people planned by
    // (moved, cancelled, postponed, a new place…) asks for "Got it" (decision 027).
    askAcknowledgement: change !== 'create',
  });
}

/** "Girls JV → Girls Varsity"; no team is the whole school. */
async function teamChangeOf(tx: Db, from: number | null, to: number | null): Promise<NoticeChange> {
  const ids = [from, to].filter((id): id is number => id !== null);
  const rows = ids.length
    ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids))
    : [];
  const name = (id: number | null) => (id === null ? 'Whole school' : (rows.find((r) => r.id === id)?.name ?? null));
  return { field: 'team', before: name(from), after: name(to) };
}

async function activeTeamIds(tx: Db, organizationId: number) {
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.status, 'ACTIVE')))
    .orderBy(teams.id);
  return rows.map((r) => r.id);
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
