import type { EventsReport, EventsReportQuery } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { reportsKeys } from './report-keys.ts';

export type EventsReportParams = Partial<Omit<EventsReportQuery, 'organizationId'>>;

export const eventsReportQueryOptions = (query: EventsReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('events', query),
    queryFn: async () => (await apiGet<{ data: EventsReport }>('/reports/events', query)).data,
    placeholderData: keepPreviousData,
  });
