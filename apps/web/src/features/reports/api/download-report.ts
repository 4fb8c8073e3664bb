import type { ReportName } from '@fieldhouse/shared';
import { download } from '../../../lib/download.ts';

/**
 * GET /reports/<name>.csv with the report's filters (every row, not one page), the file dated by
 * the school's day (`timeZone`) as the server names it, not UTC's.
 */
export const downloadReport = (
  name: ReportName,
  query: Record<string, string | number | undefined>,
  timeZone?: string,
) => {
  const { page: _page, limit: _limit, ...filters } = query;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return download(`/reports/${name}.csv`, filters, `${name}-${day}.csv`);
};
