/**
 * Muting a room (issue #19 item 2, decision 023): a member silences one conversation for a while
 * or until they turn it back on. Unread counts still move; bell, push and digest stay quiet.
 */
import { z } from 'zod';
import { isoDateTime } from './user.ts';

/** PUT /api/chat/rooms/:roomId/mute: `until` null mutes until unmuted; `muted: false` unmutes. */
export const roomMuteSchema = z.object({
  muted: z.boolean(),
  until: isoDateTime.nullable().default(null),
});
export type RoomMuteInput = z.input<typeof roomMuteSchema>;

/** The caller's mute of one room, as the header and lists show it. */
export const muteStateSchema = z.object({
  muted: z.boolean(),
  /** Null while muted means until the member unmutes. */
  mutedUntil: isoDateTime.nullable(),
});
export type MuteState = z.infer<typeof muteStateSchema>;

/** The choices the header offers, in hours (null: until turned back on). */
export const MUTE_CHOICES = [
  { label: 'for 1 hour', hours: 1 },
  { label: 'for 8 hours', hours: 8 },
  { label: 'for 1 week', hours: 24 * 7 },
  { label: 'until I turn it back on', hours: null },
] as const;

/** Whether a mute stamped with these values holds at `now`. */
export const isMuted = (mutedAt: Date | string | null, mutedUntil: Date | string | null, now = Date.now()) =>
  mutedAt !== null && (mutedUntil === null || new Date(mutedUntil).getTime() > now);
