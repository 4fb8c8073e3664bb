import type { SystemStatus } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.system(),
    queryFn: async () => (await apiGet<{ data: SystemStatus }>('/admin/system', { organizationId: null })).data,
    refetchInterval: 10_000,
  });
