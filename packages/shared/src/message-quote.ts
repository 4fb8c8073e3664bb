/**
 * Reply/quote (issue #19 item 2, decision 023): a message may answer an earlier message of the
 * same room, and carries a small quote of it. Kept apart from chat.ts so the quote's rules
 * (length, labels, an unsent original shows no words) are one pure, testable piece.
 */
import { z } from 'zod';

/** How much of the original's text a quote carries. */
export const QUOTE_LENGTH = 140;

export const messageQuoteSchema = z.object({
  /** The original message's id, so the client can scroll to it. */
  id: z.number().int(),
  senderName: z.string(),
  /** The start of the original's current text, "Poll: <question>", or "Photo"/"File" for an uncaptioned one; empty when it was unsent. */
  text: z.string(),
  /** The original was taken back: the quote shows "Message unsent", never its words. */
  unsent: z.boolean(),
});
export type MessageQuote = z.infer<typeof messageQuoteSchema>;

type Original = { id: number; content: string; messageType: string; deletedAt: Date | string | null };

const LABELS: Record<string, string> = { IMAGE: 'Photo', FILE: 'File', POLL: 'Poll' };

/** The quote of `original` as members may see it: an unsent original's text never leaves the server. */
export function quoteOf(original: Original, senderName: string): MessageQuote {
  if (original.deletedAt) return { id: original.id, senderName, text: '', unsent: true };
  const text = original.content.replace(/\s+/g, ' ').trim();
  const label = LABELS[original.messageType];
  // A poll's text is its question; a photo or file with a caption quotes the caption.
  const shown = original.messageType === 'POLL' ? `Poll: ${text}` : text || label || '';
  return {
    id: original.id,
    senderName,
    text: shown.length > QUOTE_LENGTH ? `${shown.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : shown,
    unsent: false,
  };
}

/**
 * PUT /api/chat/rooms/:roomId/pin: pin one message of a team room, or unpin with null or no id
 * (decision 023); the web's API client drops null fields, so an absent id unpins too.
 */
export const roomPinSchema = z.object({ messageId: z.number().int().positive().nullable().default(null) });
export type RoomPinInput = z.input<typeof roomPinSchema>;

/** The team room's pinned message as the header shows it: quoted like a reply, so an unsent one shows no words. */
export const pinnedMessageSchema = z.object({
  quote: messageQuoteSchema,
  pinnedBy: z.string(),
  pinnedAt: z.iso.datetime({ offset: true }),
});
export type PinnedMessage = z.infer<typeof pinnedMessageSchema>;
