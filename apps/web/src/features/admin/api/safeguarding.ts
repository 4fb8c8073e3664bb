import type { SafeguardingSettings } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client.ts';

export const safeguardingKeys = { all: ['admin', 'safeguarding'] as const };

/** The organization's safeguarding contacts, their stand-ins and the conversations a second adult observes. */
export const safeguardingQueryOptions = () =>
  queryOptions({
    queryKey: safeguardingKeys.all,
    queryFn: async () => (await apiGet<{ data: SafeguardingSettings }>('/safeguarding')).data,
  });

export const saveSafeguardingContacts = async (userIds: number[]) =>
  (await apiPut<{ data: SafeguardingSettings }>('/safeguarding/contacts', { userIds })).data;
