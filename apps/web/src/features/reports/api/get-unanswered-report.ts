import type { UnansweredReport, UnansweredReportQuery } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type UnansweredReportParams = Partial<Omit<UnansweredReportQuery, 'organizationId'>>;

export const unansweredReportQueryOptions = (query: UnansweredReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('unanswered', query),
    queryFn: async () => (await apiGet<{ data: UnansweredReport }>('/reports/unanswered', query)).data,
    placeholderData: keepPreviousData,
  });
