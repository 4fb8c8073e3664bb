/**
 * Safeguarding (decision 018): who counts as a minor and who as staff, why a person is in a
 * conversation, and the safeguarding contacts a director names.
 */
import { z } from 'zod';
import { ADMIN_ROLES } from './constants.ts';
import { personSummarySchema } from './directory.ts';
import type { Role } from './user.ts';

/** The school's staff: the responsible adults a conversation with an unguarded minor needs. */
export const STAFF_ROLES = [...ADMIN_ROLES, 'COACH'] as const;
export const isStaffRole = (role: Role | null | undefined) =>
  role != null && (STAFF_ROLES as readonly string[]).includes(role);

/** Whether a known date of birth (YYYY-MM-DD) makes the person under 18 on `now`. */
export function isUnder18(dateOfBirth: string | null | undefined, now = new Date()) {
  const parts = dateOfBirth?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!parts) return false;
  const eighteenth = Date.UTC(Number(parts[1]) + 18, Number(parts[2]) - 1, Number(parts[3]));
  return now.getTime() < eighteenth;
}

/** An athlete is a minor unless their date of birth says 18 or older: an unknown one counts as a minor. */
export const isMinorAthlete = (
  person: { role: Role | null; dateOfBirth: string | null | undefined },
  now = new Date(),
) => person.role === 'ATHLETE' && (!person.dateOfBirth || isUnder18(person.dateOfBirth, now));

/**
 * Why someone is in a conversation: a participant (the pair of a direct room, a team's roster
 * and coaches), an administrator's oversight of a team room, a guardian of an athlete under 18,
 * or the school's second adult for a minor without a guardian who can see it.
 */
export const MEMBER_REASONS = ['PARTICIPANT', 'OVERSIGHT', 'GUARDIAN', 'SAFEGUARDING'] as const;
export const memberReasonSchema = z.enum(MEMBER_REASONS);
export type MemberReason = z.infer<typeof memberReasonSchema>;

export const MEMBER_REASON_LABELS: Record<MemberReason, string> = {
  PARTICIPANT: 'Member',
  OVERSIGHT: 'Oversight',
  GUARDIAN: 'Guardian',
  SAFEGUARDING: 'Safeguarding contact',
};

/** How many safeguarding contacts an organization names (they join every conversation that needs one). */
export const SAFEGUARDING_CONTACT_LIMIT = 5;

export const safeguardingContactsInputSchema = z.object({
  userIds: z
    .array(z.number().int().positive())
    .max(SAFEGUARDING_CONTACT_LIMIT, `Name at most ${SAFEGUARDING_CONTACT_LIMIT} safeguarding contacts`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each person once'),
});
export type SafeguardingContactsInput = z.infer<typeof safeguardingContactsInputSchema>;

/** A conversation that holds a minor without a guardian who can see it: observed, or paused. */
export const safeguardedConversationSchema = z.object({
  roomId: z.number().int(),
  kind: z.enum(['DIRECT', 'TEAM', 'GROUP']),
  title: z.string(),
  /** The minors it is about, and why each needs a second adult. */
  minors: z.array(z.object({ id: z.number().int(), name: z.string(), birthDateKnown: z.boolean() })),
  observers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Why people's messages are refused, while no second adult can join. */
  hold: z.string().nullable(),
  /** Whether the viewer is in it (and can open it from Messages); otherwise Supervision reads it. */
  viewerIsMember: z.boolean(),
  lastMessageAt: z.string().nullable(),
});
export type SafeguardedConversation = z.infer<typeof safeguardedConversationSchema>;

export const safeguardingSettingsSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  contacts: z.array(personSummarySchema),
  /** Who is the second adult while no contact is named or can join: the athletic directors. */
  fallback: z.array(personSummarySchema),
  /** The people a director may name: the organization's active administrators. */
  candidates: z.array(personSummarySchema),
  conversations: z.array(safeguardedConversationSchema),
});
export type SafeguardingSettings = z.infer<typeof safeguardingSettingsSchema>;
