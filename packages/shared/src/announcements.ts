/**
 * Announcements that ask for acknowledgement (issue 18 item 4, decision 027). A director or a
 * team's coach posts an ANNOUNCEMENT message to the team's room; it and the calendar's change
 * notices (SYSTEM messages with a `notice`) ask the people the room is for to say "Got it". The
 * sender, the school's administrators and the team's coaches see who has and who is missing, and
 * can nudge the rest. Requests are keyed by message and person, so issue 19's broadcasts (many
 * teams, one message per room) reuse them.
 */
import { z } from 'zod';
import { paginationInfoSchema } from './api.ts';
import { chatMessageSchema } from './chat.ts';
import { CHAT } from './constants.ts';
import { ackStateSchema } from './message-ack.ts';
import { isoDateTime, limitParam, pageParam, roleSchema, userStatusSchema } from './user.ts';

/** At most one nudge per message in this many minutes (the server decides: 409 `nudge_too_soon`). */
export const ACK_NUDGE_INTERVAL_MINUTES = 15;
export const ACK_NUDGE_INTERVAL_MS = ACK_NUDGE_INTERVAL_MINUTES * 60_000;

/** What asks: a person's announcement, a schedule change (decision 024), a broadcast (decision 029). */
export const ACK_KINDS = ['ANNOUNCEMENT', 'SCHEDULE_CHANGE', 'BROADCAST'] as const;
export const ackKindSchema = z.enum(ACK_KINDS);
export type AckKind = z.infer<typeof ackKindSchema>;

/** Why a person was asked: they play on the team, are an athlete's guardian, or coach it. */
export const ASKED_AS = ['ATHLETE', 'GUARDIAN', 'COACH'] as const;
export const askedAsSchema = z.enum(ASKED_AS);
export type AskedAs = z.infer<typeof askedAsSchema>;

/** `POST /api/teams/:teamId/announcements`: the text, and whether to ask for "Got it" (default yes). */
export const announcementPostSchema = z.object({
  content: z
    .string()
    .max(CHAT.maxMessageLength, 'Message too long or invalid')
    .refine((text) => text.trim().length > 0, 'Write the announcement'),
  requireAck: z.boolean().default(true),
});
export type AnnouncementPost = z.input<typeof announcementPostSchema>;
/** The answer: the stored message as members see it (`messageType: 'ANNOUNCEMENT'`, its `ack`). */
export const announcementPostedSchema = chatMessageSchema;

/** `POST /api/chat/messages/:id/ack`: the first time counts; a second call answers the same time. */
export const ackResultSchema = z.object({
  messageId: z.number().int(),
  roomId: z.number().int(),
  acknowledgedAt: isoDateTime,
  asked: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
});
export type AckResult = z.infer<typeof ackResultSchema>;

/**
 * Socket `chat:ack-update` (server → the room's members on `user:<id>`, after the commit): the
 * message's new counts. Counts are taken under the request's lock, so the last event is right.
 */
export const ackUpdateSchema = z.object({
  roomId: z.number().int(),
  messageId: z.number().int(),
  acknowledged: z.number().int().nonnegative(),
  asked: z.number().int().nonnegative(),
});
export type AckUpdate = z.infer<typeof ackUpdateSchema>;

/** One person asked, as the tracking list shows them (no e-mail or phone: coaches read this too). */
export const ackPersonSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: roleSchema.nullable(),
  status: userStatusSchema,
  userImage: z.string().nullable(),
  askedAs: askedAsSchema,
  /** "Guardian of Zoë Núñez", "Athlete", "Coach". */
  note: z.string(),
  acknowledgedAt: isoDateTime.nullable(),
});
export type AckPerson = z.infer<typeof ackPersonSchema>;

/** `GET /api/chat/messages/:id/acks` (the sender, the school's admin roles, the team's coaches). */
export const ackTrackingSchema = z.object({
  messageId: z.number().int(),
  roomId: z.number().int(),
  kind: ackKindSchema,
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  asked: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  /** Missing first (by name), then those who acknowledged (earliest first). */
  people: z.array(ackPersonSchema),
  lastNudgedAt: isoDateTime.nullable(),
  /** When the next nudge is possible; null when it is possible now. */
  nextNudgeAt: isoDateTime.nullable(),
});
export type AckTracking = z.infer<typeof ackTrackingSchema>;

/** `POST /api/chat/messages/:id/acks/nudge`: how many were reminded, and when the next nudge is possible. */
export const nudgeResultSchema = z.object({
  nudged: z.number().int().nonnegative(),
  lastNudgedAt: isoDateTime.nullable(),
  nextNudgeAt: isoDateTime.nullable(),
});
export type NudgeResult = z.infer<typeof nudgeResultSchema>;

/** `GET /api/me/announcements`: what asks me (pending) or everything that asked me (all). */
export const myAnnouncementsQuerySchema = z.object({
  status: z.enum(['pending', 'all']).catch('pending'),
  page: pageParam,
  limit: limitParam(20, 50),
});
export type MyAnnouncementsQuery = z.input<typeof myAnnouncementsQuerySchema>;

export const myAnnouncementSchema = z.object({
  kind: ackKindSchema,
  /** The message as the room shows it (its `ack.mine` is this person's state). */
  message: chatMessageSchema,
  roomId: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: ackStateSchema,
  acknowledgedAt: isoDateTime.nullable(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncementSchema>;

export const myAnnouncementsSchema = z.object({
  result: z.array(myAnnouncementSchema),
  paginationInfo: paginationInfoSchema,
  /** How many still wait for this person's "Got it" (the home screen's badge), whatever `status`. */
  pendingCount: z.number().int().nonnegative(),
});
export type MyAnnouncements = z.infer<typeof myAnnouncementsSchema>;

/** Stable error ids of these endpoints, for clients that branch. */
export const ACK_ERROR_IDS = {
  /** 403: the message does not ask this person (or they left the room). */
  notAsked: 'not_asked',
  /** 403: only the school's admin roles and the team's coaches post; the sender, admins and coaches track. */
  notTeamStaff: 'not_team_staff',
  /** 404: the message asks nobody, so there is nothing to track or nudge. */
  notRequested: 'ack_not_requested',
  /** 409: nudged less than ACK_NUDGE_INTERVAL_MINUTES ago; the message says when, `Retry-After` in seconds. */
  nudgeTooSoon: 'nudge_too_soon',
  /** 409: an archived team takes no announcements. */
  teamArchived: 'team_archived',
} as const;
