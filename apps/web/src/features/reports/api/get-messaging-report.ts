import type { MessagingReport, MessagingReportQuery } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type MessagingReportParams = Partial<Omit<MessagingReportQuery, 'organizationId'>>;

export const messagingReportQueryOptions = (query: MessagingReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('messaging', query),
    queryFn: async () => (await apiGet<{ data: MessagingReport }>('/reports/messaging', query)).data,
    placeholderData: keepPreviousData,
  });
