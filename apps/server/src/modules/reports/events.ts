/**
 * Events by type and status per month (organization's months), counting **occurrences**: a
 * weekly series counts once on every date it meets in the month. The series are expanded by the
 * calendar's own reader (`listOccurrences`), so deleted dates drop out and a changed or cancelled
 * date counts as its exception says, exactly as the calendar shows them (decision 011).
 */
import {
  addDays,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventsReportQuery,
  type EventsReportRow,
  formatReportMonth,
  labelOf,
  REPORT_EVENT_TYPE_LABELS,
  toWallString,
  wallStringToInstant,
} from '@fieldhouse/shared';
import { badRequest } from '../../errors.ts';
import { listOccurrences } from '../calendar/occurrences.ts';
import { type ReportContext, toCsv, todayIn } from './common.ts';

const yearMonth = (date: string) => date.split('-').map(Number) as [number, number];
const utcDay = (y: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(y, monthIndex, day)).toISOString().slice(0, 10);

/**
 * Twelve whole months: by default up to the end of the current one; from `from`'s month when
 * only `from` is given, up to `to`'s month when only `to` is (as `resolveRange` derives the
 * missing end from the given one, so a lone `from` in the future is not "after" today's default).
 */
export function resolveMonthRange(timezone: string, from?: string, to?: string) {
  // The last month (1-based `m`): `to`'s, eleven after `from`'s, or the current one.
  const lastMonth = (date: string) => {
    const [fy, fm] = yearMonth(date);
    return utcDay(fy, fm + 10, 1);
  };
  const [y, m] = yearMonth(to ?? (from ? lastMonth(from) : todayIn(timezone)));
  const end = to ?? utcDay(y, m, 0);
  const start = from ?? utcDay(y, m - 12, 1);
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
  // Midnight to midnight in the school's zone; an occurrence belongs to the month it starts in.
  const lo = wallStringToInstant(`${range.from}T00:00`, ctx.timezone);
  const hi = wallStringToInstant(`${addDays(range.to, 1)}T00:00`, ctx.timezone);
  const occurrences = await listOccurrences(ctx.db, ctx.organizationId, ctx.timezone, lo, hi, {
    teamId: query.teamId,
    type: query.type ? [query.type] : undefined,
    status: query.status ? [query.status] : undefined,
  });
  const counts = new Map<string, EventsReportRow>();
  for (const o of occurrences) {
    const start = new Date(o.start);
    if (start < lo) continue; // began before the range and runs into it
    const month = toWallString(start, ctx.timezone).slice(0, 7);
    const key = `${month}|${o.type}|${o.status}`;
    const row = counts.get(key) ?? { month, type: o.type, status: o.status, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  const order = (list: readonly string[], value: string) => list.indexOf(value);
  return [...counts.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      order(EVENT_TYPES, a.type) - order(EVENT_TYPES, b.type) ||
      order(EVENT_STATUSES, a.status) - order(EVENT_STATUSES, b.status),
  );
}

export const eventsCsv = (rows: EventsReportRow[]) =>
  toCsv(
    ['Month', 'Type', 'Status', 'Events', 'Month (YYYY-MM)'],
    rows.map((r) => [
      formatReportMonth(r.month),
      labelOf(REPORT_EVENT_TYPE_LABELS, r.type),
      labelOf(EVENT_STATUS_LABELS, r.status),
      r.count,
      r.month,
    ]),
  );
