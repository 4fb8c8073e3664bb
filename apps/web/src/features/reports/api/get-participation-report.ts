import type {
  PaginationInfo,
  ParticipationReportQuery,
  ParticipationSummaryRow,
  ParticipationTeamRow,
  ParticipationTotals,
} from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type ParticipationReportParams = Partial<Omit<ParticipationReportQuery, 'organizationId'>>;
export type ParticipationReport = {
  /** The school year shown: the one asked for, else the current one. */
  schoolYear: string;
  result: ParticipationTeamRow[];
  paginationInfo: PaginationInfo;
  summary: ParticipationSummaryRow[];
  totals: ParticipationTotals;
};

export const participationReportQueryOptions = (query: ParticipationReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('participation', query),
    queryFn: async () => (await apiGet<{ data: ParticipationReport }>('/reports/participation', query)).data,
    placeholderData: keepPreviousData,
  });
