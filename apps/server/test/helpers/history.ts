/**
 * A room's messages after `after`, every page, as a reconnecting app reads them. Plain fetch, no
 * Vitest: the cluster test and `bench/chat.ts` both use it.
 */
import type { ChatMessage } from '@fieldhouse/shared';

export async function historyAfter(url: string, token: string, roomId: number, after: number) {
  const messages: ChatMessage[] = [];
  for (let cursor = after; ; ) {
    const res = await fetch(`${url}/api/chat/rooms/${roomId}/messages?after=${cursor}&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`history of room ${roomId}: ${res.status} ${await res.text()}`);
    const page = ((await res.json()) as { data: { messages: ChatMessage[]; hasNewer: boolean } }).data;
    messages.push(...page.messages);
    const newest = page.messages.at(-1);
    if (!page.hasNewer || !newest) return messages;
    cursor = newest.id;
  }
}
