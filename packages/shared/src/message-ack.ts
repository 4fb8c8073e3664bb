/**
 * A message's acknowledgement summary (issue 18 item 4, decision 027), in its own file so that
 * chat.ts (the message shape) and announcements.ts (the endpoints) both read it without a cycle.
 */
import { z } from 'zod';

/** The viewer's own state on a message that asks them: still to answer, or answered. */
export const ACK_STATES = ['PENDING', 'ACKNOWLEDGED'] as const;
export const ackStateSchema = z.enum(ACK_STATES);
export type AckState = z.infer<typeof ackStateSchema>;

/**
 * `ack` of a chat message: how many people it asks (still in the room) and how many have said
 * "Got it"; `mine` is the viewer's state, null when the message does not ask the viewer.
 */
export const messageAckSchema = z.object({
  asked: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  mine: ackStateSchema.nullable(),
});
export type MessageAck = z.infer<typeof messageAckSchema>;
