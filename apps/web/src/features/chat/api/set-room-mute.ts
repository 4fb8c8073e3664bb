/** PUT /api/chat/rooms/:roomId/mute: the viewer mutes or unmutes one room (decision 023). */

import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import type { MuteState, RoomMuteInput } from '@fieldhouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPut } from '../../../lib/api-client.ts';

export const setRoomMute = async (roomId: number, input: RoomMuteInput) =>
  (await apiPut<{ data: MuteState }>(`/chat/rooms/${roomId}/mute`, input)).data;

export function useSetRoomMute(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomMuteInput) => setRoomMute(roomId, input),
    onSuccess: async (state) => {
      toast.success(state.muted ? 'Conversation muted' : 'Conversation unmuted');
      // The header reads the room; the lists show the muted icon.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() }),
      ]);
    },
    onError: (error) => toast.error(error.message),
  });
}
