/**
 * Users by role and status: a count per role (rows) and status (columns). Every role is listed,
 * with zeros, so the table and chart keep their shape; people without a role count as NONE.
 */
import {
  labelOf,
  REPORT_ROLE_LABELS,
  ROLES,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type UsersReportQuery,
  type UsersReportRow,
} from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { type ReportContext, toCsv } from './common.ts';

export async function usersReport(ctx: ReportContext, query: UsersReportQuery): Promise<UsersReportRow[]> {
  const filters = [sql`u.organization_id = ${ctx.organizationId}`];
  if (query.role) filters.push(sql`u.role = ${query.role}`);
  if (query.status) filters.push(sql`u.status = ${query.status}`);
  if (query.teamId) {
    filters.push(sql`(exists (select 1 from team_members tm where tm.user_id = u.id and tm.team_id = ${query.teamId})
      or exists (select 1 from team_coaches tc join coaches c on c.id = tc.coach_id
                 where c.user_id = u.id and tc.team_id = ${query.teamId}))`);
  }
  const { rows } = await ctx.db.execute<{ role: string; status: string; n: number }>(sql`
    select coalesce(u.role::text, 'NONE') as role, u.status::text as status, count(*)::int as n
    from users u where ${sql.join(filters, sql` and `)}
    group by 1, 2`);
  const roles: string[] = query.role ? [query.role] : [...ROLES];
  if (!query.role && rows.some((r) => r.role === 'NONE')) roles.push('NONE');
  return roles.map((role) => {
    const row = { role, ACTIVE: 0, INACTIVE: 0, SUSPENDED: 0, DELETED: 0, total: 0 };
    for (const r of rows.filter((x) => x.role === role)) {
      row[r.status as (typeof USER_STATUSES)[number]] = r.n;
      row.total += r.n;
    }
    return row;
  });
}

export const usersCsv = (rows: UsersReportRow[]) =>
  toCsv(
    ['Role', ...USER_STATUSES.map((s) => USER_STATUS_LABELS[s]), 'Total', 'Role code'],
    rows.map((r) => [labelOf(REPORT_ROLE_LABELS, r.role), ...USER_STATUSES.map((s) => r[s]), r.total, r.role]),
  );
