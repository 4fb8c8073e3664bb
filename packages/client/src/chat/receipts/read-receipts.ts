/**
 * Read receipts (decision 023), pure: the room detail carries every other participant's read
 * position; live reads move them forward; the viewer's own last message shows who has seen it.
 */
import type { ChatMessage, RoomDetail } from '@fieldhouse/shared';

export type Receipt = {
  /** The viewer's last message, the one the receipt sits under. */
  messageId: number;
  /** How many of the other participants have read up to it, and how many there are. */
  seen: number;
  of: number;
  /** What the thread shows: "Seen" in a direct room, "Seen by N of M" elsewhere. */
  label: string;
};

/**
 * The receipt under the viewer's last message, or null while nobody else has seen it. Unsent
 * messages and system notices are not the viewer's to be seen; a message the viewer sent after
 * it moves the receipt down.
 */
export function receiptOf(
  messages: readonly ChatMessage[],
  room: Pick<RoomDetail, 'kind' | 'reads'> | undefined,
  viewerId: number,
): Receipt | null {
  const reads = room?.reads;
  if (!room || !reads?.length) return null;
  const last = messages.findLast((m) => m.sender.id === viewerId && m.messageType !== 'SYSTEM');
  if (!last || last.unsent) return null;
  const seen = reads.filter((r) => r.lastReadMessageId !== null && r.lastReadMessageId >= last.id).length;
  if (seen === 0) return null;
  const of = reads.length;
  const label = room.kind === 'DIRECT' ? 'Seen' : `Seen by ${seen} of ${of}`;
  return { messageId: last.id, seen, of, label };
}

/**
 * A participant read up to `messageId` (a read update, or a message they sent): their position
 * only moves forward. The same object when nothing changed or they are not a listed participant.
 */
export function applyReadPosition(room: RoomDetail, userId: number, messageId: number): RoomDetail {
  const reads = room.reads;
  const current = reads?.find((r) => r.userId === userId);
  if (!reads || !current || (current.lastReadMessageId ?? 0) >= messageId) return room;
  return {
    ...room,
    reads: reads.map((r) => (r.userId === userId ? { ...r, lastReadMessageId: messageId } : r)),
  };
}
