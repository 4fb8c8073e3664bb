/** A thread's outbox messages, and its stored messages without the copies of those still pending. */
import type { ChatMessage } from '@fieldhouse/shared';
import { useSyncExternalStore } from 'react';
import type { Outbox, PendingMessage } from './outbox.ts';

/**
 * A message can be stored and delivered back to its author while it is still in the outbox (its
 * ack was lost, or answered 503 "not yet delivered to everyone", decision 043): the thread shows
 * the pending bubble, with its state and Retry, and not the stored copy too, until the resend is
 * acked and the outbox lets go of it.
 */
export function withoutPending(messages: ChatMessage[], pending: PendingMessage[]): ChatMessage[] {
  if (pending.length === 0) return messages;
  const ids = new Set(pending.map((item) => item.clientId));
  return messages.filter((message) => message.clientId === undefined || !ids.has(message.clientId));
}

export function usePending(outbox: Outbox, roomId: number, stored: ChatMessage[]) {
  const pending = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.pending(roomId),
  );
  return { pending, messages: withoutPending(stored, pending) };
}
