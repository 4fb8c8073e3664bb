import type { Tab } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const chatKeys = { all: ['chat'] as const, tabs: () => ['chat', 'tabs'] as const };

/** The three tabs with unread counts (SPEC §2), refreshed every half minute until sockets land. */
export const tabsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.tabs(),
    queryFn: async () => (await apiGet<{ data: Tab[] }>('/chat/tabs')).data,
    refetchInterval: 30_000,
  });
