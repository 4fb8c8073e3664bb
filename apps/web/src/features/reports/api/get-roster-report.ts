import type { PagedResponse, RosterReportQuery, RosterReportRow } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type RosterReportParams = Partial<Omit<RosterReportQuery, 'organizationId'>>;

export const rosterReportQueryOptions = (query: RosterReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('roster', query),
    queryFn: async () => (await apiGet<PagedResponse<RosterReportRow>>('/reports/roster', query)).data,
    placeholderData: keepPreviousData,
  });
