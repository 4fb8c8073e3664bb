/** GET /me/announcements and POST /chat/messages/:id/ack: the cards that ask me for "Got it". */
import type { AckResult, MyAnnouncements } from '@fieldhouse/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export const announcementsKeys = {
  all: ['me', 'announcements'] as const,
  pending: () => [...announcementsKeys.all, 'pending'] as const,
};

export const pendingAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: announcementsKeys.pending(),
    queryFn: async () =>
      (await apiGet<{ data: MyAnnouncements }>('/me/announcements', { status: 'pending', limit: 20 })).data,
  });

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) =>
      (await apiPost<{ data: AckResult }>(`/chat/messages/${messageId}/ack`, {})).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all }),
  });
}
