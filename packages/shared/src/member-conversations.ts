/**
 * The member app's conversations (issue 18 item 2, decision 026): who a coach, athlete or
 * guardian may start a direct conversation with (`GET /api/me/contacts`), the conversations they
 * are in (`GET /api/me/conversations`) and their unread totals (`GET /api/me/unread`).
 *
 * The server decides every rule; these answers only let the app reflect them: a person not in
 * the contacts cannot be written to first (`POST /api/chat/rooms/direct` answers 403
 * `contact_not_allowed`), and `guardiansIncluded` / `observation` say who else will read along.
 */
import { z } from 'zod';
import { chatMessageSchema } from './chat.ts';
import { memberReasonSchema } from './safeguarding.ts';
import { isoDateTime, limitParam, pageParam, roleSchema } from './user.ts';

/** The stable error id of a refused new conversation (403), for clients that branch. */
export const CONTACT_NOT_ALLOWED = 'contact_not_allowed';

/** What the app shows where the safeguarding policy puts guardians into a conversation. */
export const GUARDIANS_INCLUDED_NOTE = 'Guardians of athletes under 18 see this conversation';
/** What the app shows where a member of staff joins as the second adult (no guardian can see it). */
export const SECOND_ADULT_NOTE = 'A member of the athletic staff also sees this conversation (safeguarding)';

/**
 * A person as the member app shows them: no e-mail address or phone number (other families'
 * contact details never reach another family; decision 026).
 */
export const conversationPersonSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: roleSchema.nullable(),
  userImage: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

/**
 * Why a person is among the caller's contacts, in the order the list gives them:
 * - COACH: a coach (of the athlete's teams, of the guardian's children's teams; another coach for a coach)
 * - STAFF: the school's athletic staff (administrator roles)
 * - ATHLETE: an athlete of a team the coach coaches
 * - GUARDIAN: a guardian of an athlete the coach coaches
 * - FAMILY: the athlete's own guardians, or the guardian's own children
 */
export const CONTACT_GROUPS = ['COACH', 'STAFF', 'ATHLETE', 'GUARDIAN', 'FAMILY'] as const;
export const contactGroupSchema = z.enum(CONTACT_GROUPS);
export type ContactGroup = z.infer<typeof contactGroupSchema>;

/** Section headings the app may use for the groups. */
export const CONTACT_GROUP_LABELS: Record<ContactGroup, string> = {
  COACH: 'Coaches',
  STAFF: 'Athletic staff',
  ATHLETE: 'Athletes',
  GUARDIAN: 'Guardians',
  FAMILY: 'Family',
};

/** Who else a new (or the existing) direct conversation with this person holds, by the policy of decision 018. */
export const observationSchema = z.object({
  /** Guardians of athletes under 18 are members (show GUARDIANS_INCLUDED_NOTE). */
  guardians: z.boolean(),
  /** A member of staff is the second adult, since no guardian can see it (show SECOND_ADULT_NOTE). */
  secondAdult: z.boolean(),
  /** The sentence to show, or null when nobody else reads along. */
  note: z.string().nullable(),
});
export type Observation = z.infer<typeof observationSchema>;

export const memberContactSchema = z.object({
  person: conversationPersonSchema,
  group: contactGroupSchema,
  /** The team(s) that connect the two: the coach's teams the athlete plays on, a child's teams. */
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Who they are to the caller: 'Coach · Girls Varsity Basketball', 'Guardian of Zoë Núñez', 'Athletic Director'. */
  note: z.string(),
  /** The direct room the two already have, if any (open it rather than POST /api/chat/rooms/direct). */
  roomId: z.number().int().nullable(),
  /**
   * True when the safeguarding policy puts guardians into the conversation (decision 018): the
   * other side is a minor and the caller an adult who is not their guardian, or the caller is a
   * minor writing to an adult (show GUARDIANS_INCLUDED_NOTE).
   */
  guardiansIncluded: z.boolean(),
  observation: observationSchema,
  /**
   * Set when the conversation would be refused for safeguarding (409 `safeguarding_refused`): an
   * unguarded minor and nobody on staff who could join as the second adult. The app shows it
   * instead of offering to start.
   */
  refusal: z.string().nullable(),
});
export type MemberContact = z.infer<typeof memberContactSchema>;

/**
 * Query of `GET /api/me/contacts` and `GET /api/me/conversations`: invalid values fall back to
 * defaults. `q` is the short name of `search` (either filters by name).
 */
export const memberListQuerySchema = z.object({
  search: z.string().trim().max(200).catch(''),
  q: z.string().trim().max(200).catch('').optional(),
  page: pageParam,
  limit: limitParam(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const conversationKindSchema = z.enum(['DIRECT', 'TEAM', 'GROUP']);

/** One room the caller is a member of, as the member app's conversation list shows it. */
export const memberConversationSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  kind: conversationKindSchema,
  /** The other person's name (direct), the team's name (team), or the room's name (group). */
  title: z.string(),
  /** The other person of a direct room (for a guardian in their child's room: the adult the child talks to). */
  counterpart: conversationPersonSchema.nullable(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * Why the caller is here: PARTICIPANT, or GUARDIAN (a guardian reads their child's conversation);
   * for staff also SAFEGUARDING (the second adult) or OVERSIGHT (an administrator who opened it).
   */
  viewerReason: memberReasonSchema,
  /** Unread messages here; a muted room still counts them (decision 023, as the admin app's list). */
  unread: z.number().int().nonnegative(),
  /** The caller muted this room (decision 023): no bell or push for it; the list may show an icon. */
  muted: z.boolean().optional(),
  /** The newest message that was not unsent (decision 023); null for a room with none. */
  lastMessage: chatMessageSchema.nullable(),
  /** When the room last had a message (newest first orders the list); null for a room with none. */
  lastMessageAt: isoDateTime.nullable(),
  /** Whether guardians or a second adult are members, and the sentence the app shows. */
  observation: observationSchema,
  /** Why people's messages are refused here (decision 018); null when they are not. */
  hold: z.string().nullable(),
});
export type MemberConversation = z.infer<typeof memberConversationSchema>;

/**
 * `GET /api/me/unread`: the badge figures over every room the caller is a member of. Muted rooms
 * count, as in the admin app's badge (decision 023: a mute silences the bell, not the count).
 */
export const memberUnreadSchema = z.object({
  /** Rooms with at least one unread message. */
  rooms: z.number().int().nonnegative(),
  /** Unread messages over all of them. */
  messages: z.number().int().nonnegative(),
});
export type MemberUnread = z.infer<typeof memberUnreadSchema>;

/** `POST /api/chat/rooms/direct` body (every role; members only to their contacts). */
export const directRoomInputSchema = z.object({ userId: z.number().int().positive() });
export type DirectRoomInput = z.infer<typeof directRoomInputSchema>;
