import type { UsersReportQuery, UsersReportRow } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type UsersReportParams = Partial<Omit<UsersReportQuery, 'organizationId'>>;

export const usersReportQueryOptions = (query: UsersReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('users', query),
    queryFn: async () => (await apiGet<{ data: { result: UsersReportRow[] } }>('/reports/users', query)).data.result,
    placeholderData: keepPreviousData,
  });
