/**
 * A room's history as a reconnecting app reads it. Plain fetch, no Vitest: the cluster test and
 * `bench/chat.ts` both use it.
 */
import type { ChatMessage } from '@fieldhouse/shared';

/** A room's messages after `after`, every page. */
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

/**
 * What a reconnecting app reads (`catchUp` in packages/client's chat provider): the room's newest
 * page, then forwards from the last message it saw (the app walks forwards only when the newest
 * page does not reach back to it; reading both always is a superset). The newest page also holds a message whose id
 * is below the last one seen but that was not delivered before the cut: one that committed after
 * a higher id (ids are taken at insert), or one whose delivery the dying node never made while
 * the client already held a later message of its own from its ack. Reading only after the last
 * id would skip it.
 */
export async function catchUpHistory(url: string, token: string, roomId: number, after: number) {
  const res = await fetch(`${url}/api/chat/rooms/${roomId}/messages?limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`newest page of room ${roomId}: ${res.status} ${await res.text()}`);
  const newest = ((await res.json()) as { data: { messages: ChatMessage[] } }).data.messages;
  return [...newest, ...(await historyAfter(url, token, roomId, after))];
}
