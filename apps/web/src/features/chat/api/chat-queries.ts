import type { Tab } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const chatKeys = { all: ['chat'] as const, tabs: () => ['chat', 'tabs'] as const };

/** The three tabs with unread counts (SPEC §2), refreshed every half minute until sockets land. */
export const tabsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.tabs(),
    queryFn: async () => (await apiGet<{ data: Tab[] }>('/chat/tabs')).data,
    refetchInterval: 30_000,
  });

export type NotificationItem = {
  id: number;
  title: string;
  message: string;
  type: string;
  actionUrl: string | null;
  timestamp: number;
  readAt: string | null;
};

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'notifications'],
    queryFn: async () =>
      (await apiGet<{ data: { result: NotificationItem[]; unreadCount: number } }>('/notifications', { limit: 10 }))
        .data,
    refetchInterval: 30_000,
  });

export const markNotificationsRead = () => apiPost('/notifications/read', {});
