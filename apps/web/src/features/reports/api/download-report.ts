import type { ReportName } from '@fieldhouse/shared';
import { download } from '../../../lib/download.ts';

/** GET /reports/<name>.csv with the report's filters (every row, not one page). */
export const downloadReport = (name: ReportName, query: Record<string, string | number | undefined>) => {
  const { page: _page, limit: _limit, ...filters } = query;
  return download(`/reports/${name}.csv`, filters, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
};
