/** A thread's outbox messages, and its stored messages without the copies of those still pending. */
import type { ChatMessage } from '@fieldhouse/shared';
import { useSyncExternalStore } from 'react';
import { withoutPending } from '../socket/outbox.ts';
import { useChat } from './chat-provider.tsx';

export function usePending(roomId: number, stored: ChatMessage[]) {
  const { outbox, viewerId } = useChat();
  const pending = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.pending(roomId),
  );
  return { pending, messages: withoutPending(stored, pending, viewerId) };
}
