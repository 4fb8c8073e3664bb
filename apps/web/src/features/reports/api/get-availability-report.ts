import type { AvailabilityReport, AvailabilityReportQuery } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type AvailabilityReportParams = Partial<Omit<AvailabilityReportQuery, 'organizationId'>>;

export const availabilityReportQueryOptions = (query: AvailabilityReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('availability', query),
    queryFn: async () => (await apiGet<{ data: AvailabilityReport }>('/reports/availability', query)).data,
    placeholderData: keepPreviousData,
  });
