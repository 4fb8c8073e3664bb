/**
 * Events by type and status per month (organization's months). Counted from stored rows of
 * calendar_events (decision 011): a recurring series counts once, in the month of its first
 * start, and each changed or cancelled date of it (its own row) counts once more. Expanding
 * series here would duplicate the calendar's recurrence engine; the record says so.
 */
import type { EventsReportQuery, EventsReportRow } from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../errors.ts';
import { type ReportContext, rangeBounds, toCsv, todayIn } from './common.ts';

/** Default: the twelve months up to the end of the current one. */
export function resolveMonthRange(timezone: string, from?: string, to?: string) {
  const today = todayIn(timezone);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const endOfMonth = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const end = to ?? endOfMonth;
  const start = from ?? new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
  if (start > end) throw badRequest('from: must be on or before to');
  if (Date.parse(end) - Date.parse(start) >= 366 * 86_400_000)
    throw badRequest('to: the range may cover at most 366 days');
  return { from: start, to: end };
}

export async function eventsReport(
  ctx: ReportContext,
  query: EventsReportQuery,
  range: { from: string; to: string },
): Promise<EventsReportRow[]> {
  const { lo, hi } = rangeBounds(ctx.timezone, range);
  const filters: SQL[] = [
    sql`e.organization_id = ${ctx.organizationId}`,
    sql`e.starts_at >= ${lo}`,
    sql`e.starts_at < ${hi}`,
  ];
  if (query.teamId) filters.push(sql`e.team_id = ${query.teamId}`);
  if (query.type) filters.push(sql`e.type = ${query.type}`);
  if (query.status) filters.push(sql`e.status = ${query.status}`);
  const { rows } = await ctx.db.execute<EventsReportRow>(sql`
    select to_char(date_trunc('month', e.starts_at at time zone ${ctx.timezone}), 'YYYY-MM') as month,
           e.type::text as type, e.status::text as status, count(*)::int as count
    from calendar_events e
    where ${sql.join(filters, sql` and `)}
    group by 1, e.type, e.status
    order by 1, e.type, e.status`);
  return rows;
}

export const eventsCsv = (rows: EventsReportRow[]) =>
  toCsv(
    ['month', 'type', 'status', 'count'],
    rows.map((r) => [r.month, r.type, r.status, r.count]),
  );
