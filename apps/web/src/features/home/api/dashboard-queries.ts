import type { DashboardSummary } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => ['dashboard', getActiveOrganization()] as const,
};

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: async () => (await apiGet<{ data: DashboardSummary }>('/dashboard')).data,
    refetchInterval: 60_000,
  });
