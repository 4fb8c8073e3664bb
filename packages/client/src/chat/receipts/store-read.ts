/** Puts a read position into the cached room detail, where `useReadReceipt` reads it. */
import type { RoomDetail } from '@fieldhouse/shared';
import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../cache/chat-queries.ts';
import { applyReadPosition } from './read-receipts.ts';

export function storeReadPosition(queryClient: QueryClient, roomId: number, userId: number, messageId: number) {
  queryClient.setQueryData<RoomDetail>(chatKeys.room(roomId), (room) =>
    room ? applyReadPosition(room, userId, messageId) : room,
  );
}
