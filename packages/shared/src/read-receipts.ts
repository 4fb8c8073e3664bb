/**
 * Read receipts (issue #19 item 2, issue #18 "read state", decision 023): how far each
 * participant of a room has read, so an author sees "Seen" / "Seen by N of M" under their last
 * message. Only participants count; observers (guardians, the second adult, oversight) do not.
 */
import { z } from 'zod';

/** One participant's read position: the newest message of the room they have seen (null: none yet). */
export const readPositionSchema = z.object({
  userId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
});
export type ReadPosition = z.infer<typeof readPositionSchema>;

/** `chat:read-update`: a participant's read position in a room moved forward. */
export const readUpdateSchema = readPositionSchema.extend({
  roomId: z.number().int(),
  lastReadMessageId: z.number().int(),
});
export type ReadUpdate = z.infer<typeof readUpdateSchema>;
