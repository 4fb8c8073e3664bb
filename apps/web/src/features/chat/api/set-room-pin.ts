/** PUT /api/chat/rooms/:roomId/pin: a team room's staff pin a message, or unpin with null (decision 023). */

import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import type { PinnedMessage } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';

export const setRoomPin = async (roomId: number, messageId: number | null) =>
  (await apiPut<{ data: PinnedMessage | null }>(`/chat/rooms/${roomId}/pin`, { messageId })).data;

export function useSetRoomPin(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number | null) => setRoomPin(roomId, messageId),
    onSuccess: async (pinned) => {
      toast.success(pinned ? 'Message pinned' : 'Message unpinned');
      await queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    },
    onError: (error) => toast.error(error.message),
  });
}
