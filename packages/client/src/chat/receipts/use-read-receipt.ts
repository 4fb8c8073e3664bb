/** The receipt of an open room's thread, live: the app's message list shows it under that message. */
import type { ChatMessage } from '@fieldhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { roomDetailQueryOptions } from '../cache/chat-queries.ts';
import { useChat } from '../realtime/chat-provider.tsx';
import { type Receipt, receiptOf } from './read-receipts.ts';

export function useReadReceipt(roomId: number, messages: readonly ChatMessage[]): Receipt | null {
  const { viewerId } = useChat();
  const room = useQuery(roomDetailQueryOptions(roomId));
  return receiptOf(messages, room.data, viewerId);
}
