/**
 * Message controls (issue #19, decision 023): the author edits or unsends their own text message
 * for a short while after sending it. Supervision keeps every version either way.
 */
import { z } from 'zod';
import { chatMessageSchema } from './chat.ts';
import { CHAT } from './constants.ts';

/** How long after sending the author may still edit or unsend a message. */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;
export const MESSAGE_EDIT_WINDOW_MS = MESSAGE_EDIT_WINDOW_MINUTES * 60_000;

/** Whether a message sent at `createdAt` is still inside the window at `now` (the client only hides; the server decides). */
export const withinEditWindow = (createdAt: string | Date, now: number = Date.now()) =>
  now - new Date(createdAt).getTime() < MESSAGE_EDIT_WINDOW_MS;

/** Client → server: replace the text of one's own message. */
export const messageEditSchema = z.object({
  messageId: z.number().int().positive(),
  content: z
    .string()
    .max(CHAT.maxMessageLength, 'Message too long or invalid')
    .refine((text) => text.trim().length > 0, 'Message too long or invalid'),
});
export type MessageEdit = z.infer<typeof messageEditSchema>;

/** Client → server: take one's own message back. */
export const messageUnsendSchema = z.object({ messageId: z.number().int().positive() });
export type MessageUnsend = z.infer<typeof messageUnsendSchema>;

/** Server → room members: a message changed (edited or unsent); it replaces the one they hold. */
export const messageUpdatedSchema = chatMessageSchema;
