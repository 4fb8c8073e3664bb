/**
 * Subscribable iCal feeds: one secret token per team and one for the organization, rotated by an
 * administrator (the old URL stops working at once). Feeds are built on each request, so a
 * change is in them immediately.
 */
import { randomBytes } from 'node:crypto';
import {
  type CalendarFeed,
  type CalendarOccurrence,
  EVENT_TYPE_LABELS,
  type Recurrence,
  toWallString,
} from '@fieldhouse/shared';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents, calendarFeeds, organizations, teams } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { eventLabel } from './change-notices.ts';
import { buildCalendar, type IcalEvent, UID_DOMAIN } from './ical.ts';
import { organizationZone, teamInfo } from './occurrences.ts';

/** Feeds carry the last 180 days and everything ahead. */
const FEED_HISTORY_DAYS = 180;

const newToken = () => randomBytes(24).toString('base64url');
export const feedPath = (token: string) => `/api/calendar/feeds/${token}.ics`;

/** The organization's feed and every active team's, tokens created on first use. */
export async function listFeeds(db: Db, organizationId: number): Promise<CalendarFeed[]> {
  const { name } = await organizationZone(db, organizationId);
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.status, 'ACTIVE')))
    .orderBy(asc(teams.name));
  const existing = await db.select().from(calendarFeeds).where(eq(calendarFeeds.organizationId, organizationId));
  const missing = [null, ...teamRows.map((t) => t.id)].filter((teamId) => !existing.some((f) => f.teamId === teamId));
  if (missing.length) {
    await db
      .insert(calendarFeeds)
      .values(missing.map((teamId) => ({ organizationId, teamId, token: newToken() })))
      .onConflictDoNothing();
  }
  const feeds = await db.select().from(calendarFeeds).where(eq(calendarFeeds.organizationId, organizationId));
  const org = feeds.find((f) => f.teamId === null);
  const out: CalendarFeed[] = [];
  if (org) {
    out.push({
      scope: 'ORGANIZATION',
      teamId: null,
      name: `${name}: all events`,
      path: feedPath(org.token),
      rotatedAt: org.rotatedAt?.toISOString() ?? null,
    });
  }
  for (const team of teamRows) {
    const feed = feeds.find((f) => f.teamId === team.id);
    if (feed) {
      out.push({
        scope: 'TEAM',
        teamId: team.id,
        name: team.name,
        path: feedPath(feed.token),
        rotatedAt: feed.rotatedAt?.toISOString() ?? null,
      });
    }
  }
  return out;
}

/** A new token for the feed; the old URL answers 404 from now on. */
export async function rotateFeed(db: Db, organizationId: number, teamId: number | null) {
  if (teamId) {
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId), eq(teams.status, 'ACTIVE')));
    // Another organization's team, or an archived one (whose feed no longer serves), is not there.
    if (!team) throw notFound('Team');
  }
  await listFeeds(db, organizationId);
  const [feed] = await db
    .update(calendarFeeds)
    .set({ token: newToken(), rotatedAt: new Date() })
    .where(
      and(
        eq(calendarFeeds.organizationId, organizationId),
        teamId ? eq(calendarFeeds.teamId, teamId) : isNull(calendarFeeds.teamId),
      ),
    )
    .returning();
  if (!feed) throw new Error('feed vanished');
  return feed;
}

/** The feed behind a token, unless its organization is deactivated or its team archived. */
export async function feedByToken(db: Db, token: string) {
  const [found] = await db
    .select({ feed: calendarFeeds, teamStatus: teams.status })
    .from(calendarFeeds)
    .innerJoin(organizations, eq(organizations.id, calendarFeeds.organizationId))
    .leftJoin(teams, eq(teams.id, calendarFeeds.teamId))
    .where(and(eq(calendarFeeds.token, token), isNull(organizations.deactivatedAt)));
  if (!found || (found.feed.teamId !== null && found.teamStatus !== 'ACTIVE')) return undefined;
  return found.feed;
}

function describe(
  row: Pick<CalendarEventRow, 'type' | 'status' | 'opponent' | 'homeAway' | 'facility' | 'transportation' | 'notes'>,
  teamName: string | null,
) {
  const lines = [
    `${EVENT_TYPE_LABELS[row.type]}${teamName ? ` · ${teamName}` : ' · Organization-wide'}`,
    row.status === 'POSTPONED' ? 'POSTPONED: a new date will follow.' : null,
    row.type === 'GAME' && row.homeAway
      ? `${row.homeAway === 'HOME' ? 'Home' : row.homeAway === 'AWAY' ? 'Away' : 'Neutral site'} game`
      : null,
    row.facility ? `Facility: ${row.facility}` : null,
    row.transportation ? `Transportation: ${row.transportation}` : null,
    row.notes ? `\n${row.notes}` : null,
  ];
  return lines.filter(Boolean).join('\n');
}

const statusOf = (status: CalendarEventRow['status']) =>
  status === 'CANCELLED' ? 'CANCELLED' : status === 'POSTPONED' ? 'TENTATIVE' : 'CONFIRMED';
const summaryOf = (row: Pick<CalendarEventRow, 'type' | 'title' | 'opponent' | 'homeAway' | 'status'>) =>
  `${row.status === 'CANCELLED' ? 'Cancelled: ' : row.status === 'POSTPONED' ? 'Postponed: ' : ''}${eventLabel(row)}`;

/** A row as a VEVENT: a series master carries its RRULE and EXDATEs, an exception its RECURRENCE-ID. */
export function rowToIcal(
  row: CalendarEventRow,
  timeZone: string,
  teamName: string | null,
  master?: CalendarEventRow,
): IcalEvent {
  const local = (d: Date) => toWallString(d, timeZone);
  return {
    uid: `${(master ?? row).uuid}@${UID_DOMAIN}`,
    sequence: row.sequence,
    updatedAt: row.updatedAt,
    createdAt: row.createdAt,
    summary: summaryOf(row),
    description: describe(row, teamName),
    location: [row.location, row.facility && row.location !== row.facility ? row.facility : null]
      .filter(Boolean)
      .join(' · '),
    categories: [EVENT_TYPE_LABELS[row.type]],
    status: statusOf(row.status),
    allDay: row.allDay,
    localStart: local(row.startsAt),
    localEnd: local(row.endsAt),
    rule: row.recurrence as Recurrence | null,
    untilUtc: row.recurrenceEndsAt,
    exdates: row.exdates.map((d) => local(new Date(d))),
    recurrenceId: row.originalStartsAt ? local(row.originalStartsAt) : null,
  };
}

/** The feed's calendar text: every event of the team (or organization) from 180 days back on. */
export async function renderFeed(db: Db, feed: { organizationId: number; teamId: number | null }) {
  const { timezone, name } = await organizationZone(db, feed.organizationId);
  const teamsById = await teamInfo(db, feed.organizationId);
  const since = new Date(Date.now() - FEED_HISTORY_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organizationId, feed.organizationId),
        feed.teamId ? eq(calendarEvents.teamId, feed.teamId) : undefined,
        or(gte(calendarEvents.endsAt, since), gte(calendarEvents.recurrenceEndsAt, since)),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
  // Exceptions of a series in the feed come with it even when old; orphans never appear.
  const masters = new Map(rows.filter((r) => r.recurrence).map((r) => [r.id, r]));
  const extra = masters.size
    ? await db
        .select()
        .from(calendarEvents)
        .where(inArray(calendarEvents.seriesId, [...masters.keys()]))
    : [];
  const all = new Map([...rows, ...extra].map((r) => [r.id, r]));
  const events: IcalEvent[] = [];
  for (const row of all.values()) {
    const master = row.seriesId ? masters.get(row.seriesId) : undefined;
    if (row.seriesId && !master) continue;
    events.push(rowToIcal(row, timezone, row.teamId ? (teamsById.get(row.teamId)?.name ?? null) : null, master));
  }
  const team = feed.teamId ? teamsById.get(feed.teamId) : undefined;
  return buildCalendar({
    name: team ? `${team.name} · ${name}` : name,
    description: team ? `${team.name} schedule from Fieldhouse` : `${name} athletics calendar from Fieldhouse`,
    timeZone: timezone,
    events,
  });
}

/** An export of listed occurrences: each one its own VEVENT (a snapshot, not a subscription). */
export function renderOccurrences(name: string, timeZone: string, occurrences: CalendarOccurrence[]) {
  const events: IcalEvent[] = occurrences.map((o) => {
    const row = {
      type: o.type,
      title: o.title,
      opponent: o.opponent,
      homeAway: o.homeAway,
      status: o.status,
      facility: o.facility,
      transportation: o.transportation,
      notes: o.notes,
    };
    return {
      uid: `${o.uuid}${o.occurrenceStart && !o.isException ? `-${o.occurrenceStart.replaceAll(/[-:.]/g, '').slice(0, 15)}` : ''}@${UID_DOMAIN}`,
      sequence: o.sequence,
      updatedAt: new Date(o.updatedAt),
      createdAt: new Date(o.updatedAt),
      summary: summaryOf(row),
      description: describe(row, o.team?.name ?? null),
      location: [o.location, o.facility && o.location !== o.facility ? o.facility : null].filter(Boolean).join(' · '),
      categories: [EVENT_TYPE_LABELS[o.type]],
      status: statusOf(o.status),
      allDay: o.allDay,
      localStart: o.localStart,
      localEnd: o.localEnd,
    };
  });
  return buildCalendar({ name, timeZone, events });
}
