/**
 * Availability by event (decisions 011, 022): every team event of the range — series expanded by
 * the calendar's reader — with its current roster's answers. Default range: the next two weeks,
 * when the answers are worth chasing.
 */
import {
  type AvailabilityReportQuery,
  type AvailabilityReportRow,
  EVENT_STATUS_LABELS,
  formatReportDateTime,
  labelOf,
  REPORT_EVENT_TYPE_LABELS,
  wallStringToInstant,
} from '@fieldhouse/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { teamMembers, users } from '../../db/schema/index.ts';
import { countOf } from '../availability/service.ts';
import { answerLookup } from '../availability/summary.ts';
import { listOccurrences } from '../calendar/occurrences.ts';
import { type ReportContext, resolveRange, toCsv, todayIn } from './common.ts';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function resolveAvailabilityRange(timezone: string, from?: string, to?: string) {
  const today = todayIn(timezone);
  return resolveRange(timezone, from ?? (to ? undefined : today), to ?? (from ? undefined : addDays(today, 13)), 14);
}

export async function availabilityReport(
  ctx: ReportContext,
  query: Pick<AvailabilityReportQuery, 'teamId'>,
  range: { from: string; to: string },
  paging: { page: number; limit: number } | null,
): Promise<{ result: AvailabilityReportRow[]; totalCount: number }> {
  const lo = wallStringToInstant(`${range.from}T00:00`, ctx.timezone);
  const hi = wallStringToInstant(`${addDays(range.to, 1)}T00:00`, ctx.timezone);
  const all = (await listOccurrences(ctx.db, ctx.organizationId, ctx.timezone, lo, hi, { teamId: query.teamId }))
    .filter((o) => o.team !== null && new Date(o.start) >= lo)
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
  const occurrences = paging ? all.slice((paging.page - 1) * paging.limit, paging.page * paging.limit) : all;
  const teamIds = [...new Set(occurrences.map((o) => o.team?.id as number))];
  const members = teamIds.length
    ? await ctx.db
        .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(inArray(teamMembers.teamId, teamIds), ne(users.status, 'DELETED')))
    : [];
  const rosters = new Map<number, number[]>();
  for (const m of members) rosters.set(m.teamId, [...(rosters.get(m.teamId) ?? []), m.userId]);
  const answer = await answerLookup(
    ctx.db,
    members.map((m) => m.userId),
    occurrences,
  );
  const result = occurrences.map((o) => {
    const team = o.team as NonNullable<typeof o.team>;
    const roster = rosters.get(team.id) ?? [];
    return {
      key: o.key,
      eventId: o.eventId,
      start: o.start,
      localStart: o.localStart,
      title: o.title,
      type: o.type,
      status: o.status,
      teamId: team.id,
      teamName: team.name,
      roster: roster.length,
      ...countOf(roster.map((athlete) => answer(o, athlete)?.status ?? null)),
    };
  });
  return { result, totalCount: all.length };
}

export const availabilityCsv = (rows: AvailabilityReportRow[], timezone: string) =>
  toCsv(
    [
      `Starts (${timezone})`,
      'Event',
      'Team',
      'Type',
      'Status',
      'Roster',
      'Going',
      'Maybe',
      'Not going',
      'No reply',
      'Replied (%)',
      'Type code',
      'Status code',
    ],
    rows.map((r) => [
      formatReportDateTime(r.start, timezone),
      r.title,
      r.teamName,
      labelOf(REPORT_EVENT_TYPE_LABELS, r.type),
      labelOf(EVENT_STATUS_LABELS, r.status),
      r.roster,
      r.going,
      r.maybe,
      r.notGoing,
      r.noReply,
      r.roster ? Math.round(((r.roster - r.noReply) / r.roster) * 100) : '',
      r.type,
      r.status,
    ]),
  );
