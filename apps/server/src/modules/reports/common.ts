/**
 * What every report shares: the organization's time zone, the date range in that zone, the
 * team check (another school's team is 404, decision 007), role groups in SQL and CSV output.
 */
import { ADMIN_ROLES, currentSchoolYear, REPORT_LIMITS, type ReportGroup, toCsvLine } from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';

export type ReportContext = { db: Db; organizationId: number; timezone: string };

export async function reportContext(db: Db, organizationId: number): Promise<ReportContext> {
  const { rows } = await db.execute<{ timezone: string }>(
    sql`select timezone from organizations where id = ${organizationId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('Organization');
  return { db, organizationId, timezone: row.timezone };
}

/** Today's date (YYYY-MM-DD) in `timezone`. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The school year ('2026-27') of today in `timezone`; noon keeps the local parse on that day. */
export const schoolYearIn = (timezone: string, now = new Date()) =>
  currentSchoolYear(new Date(`${todayIn(timezone, now)}T12:00:00`));

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The inclusive date range of an activity report, in the organization's days: by default the
 * last 30 days up to today; at most a year, `from` never after `to`.
 */
export function resolveRange(
  timezone: string,
  from?: string,
  to?: string,
  defaultDays: number = REPORT_LIMITS.activityDays,
) {
  const end = to ?? (from ? addDays(from, defaultDays - 1) : todayIn(timezone));
  const start = from ?? addDays(end, -(defaultDays - 1));
  if (start > end) throw badRequest('from: must be on or before to');
  if (daysBetween(start, end) >= REPORT_LIMITS.maxRangeDays) {
    throw badRequest(`to: the range may cover at most ${REPORT_LIMITS.maxRangeDays} days`);
  }
  return { from: start, to: end };
}

/** `[lo, hi)` as timestamptz SQL for the inclusive date range, midnight to midnight in the zone. */
export const rangeBounds = (timezone: string, range: { from: string; to: string }) => ({
  lo: sql`((${range.from}::date)::timestamp at time zone ${timezone})`,
  hi: sql`((${range.to}::date + 1)::timestamp at time zone ${timezone})`,
});

export async function assertTeamInOrganization(ctx: ReportContext, teamId: number | undefined) {
  if (!teamId) return;
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from teams where id = ${teamId} and organization_id = ${ctx.organizationId}`,
  );
  if (!rows[0]) throw notFound('Team');
}

export const adminRoleList = sql.join(
  ADMIN_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/** The chat group (tab) of a role column: COACHES, ATHLETES, GUARDIANS, else STAFF. */
export const groupOfRole = (role: SQL) =>
  sql`(case ${role} when 'COACH' then 'COACHES' when 'ATHLETE' then 'ATHLETES' when 'PARENT' then 'GUARDIANS' else 'STAFF' end)`;

export const GROUP_ROLES: Record<ReportGroup, string> = { COACHES: 'COACH', ATHLETES: 'ATHLETE', GUARDIANS: 'PARENT' };

export const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

/** A timestamp as ISO text, whichever driver answered (Date or string). */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** Offset of page `page` of `limit`, or the whole result when paging is not asked for. */
export type Paging = { page: number; limit: number } | null;
export const pageSql = (paging: Paging) =>
  paging ? sql`limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}` : sql``;

/** CSV text: a header line and rows, CRLF line ends (RFC 4180), cells escaped by toCsvLine. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((r) => `${toCsvLine(r)}\r\n`).join('');
}
