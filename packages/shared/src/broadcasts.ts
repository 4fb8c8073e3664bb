/**
 * Broadcasts (issue 19 item 1, decision 029): one message from the athletic office to any mix of
 * teams × roles. It is posted once per team room (families' audiences) or once in the school's
 * coaches' room (coaches only); each post asks only the chosen people, and the sender tracks the
 * whole broadcast per person.
 */
import { z } from 'zod';
import { askedAsSchema } from './announcements.ts';
import { paginationInfoSchema } from './api.ts';
import { CHAT } from './constants.ts';
import { seasonSchema } from './directory.ts';
import { isoDateTime, limitParam, pageParam } from './user.ts';

export const BROADCAST_STATUSES = ['SCHEDULED', 'SENT', 'CANCELED'] as const;
export const broadcastStatusSchema = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

export const BROADCAST_ERROR_IDS = {
  noTeams: 'broadcast_no_teams',
  noRecipients: 'broadcast_no_recipients',
  notScheduled: 'broadcast_not_scheduled',
  templateTaken: 'broadcast_template_taken',
  templatesFull: 'broadcast_templates_full',
} as const;

/** Ready-made texts the composer fills in ({placeholders} are the director's to replace). */
export const BROADCAST_TEMPLATES = [
  {
    id: 'weather-cancellation',
    label: 'Weather cancellation',
    content:
      'Due to {weather}, all practices and games today, {date}, are cancelled. Stay safe — we will share the make-up schedule soon.',
  },
  {
    id: 'bus-change',
    label: 'Bus change',
    content: 'Bus change for {event}: the bus now leaves {place} at {time}. Please be there 10 minutes early.',
  },
  {
    id: 'game-postponed',
    label: 'Game postponed',
    content: 'The {event} on {date} is postponed. The new date will follow as soon as it is set.',
  },
  {
    id: 'forms-due',
    label: 'Forms due',
    content: 'Reminder: {form} is due by {date}. Athletes without it on file cannot practice or play.',
  },
] as const;
export type BroadcastTemplateId = (typeof BROADCAST_TEMPLATES)[number]['id'];
const templateIds = BROADCAST_TEMPLATES.map((t) => t.id) as [BroadcastTemplateId, ...BroadcastTemplateId[]];

/** Who: explicit teams, every active team of some seasons, or every active team; and which roles. */
const targetShape = {
  teamIds: z.array(z.number().int().positive()).max(500, 'Choose at most 500 teams').default([]),
  seasons: z.array(seasonSchema).max(4).default([]),
  everyone: z.boolean().default(false),
  audiences: z
    .array(askedAsSchema)
    .min(1, 'Choose who receives it: athletes, guardians or coaches')
    .max(3)
    .refine((a) => new Set(a).size === a.length, 'Each audience once'),
};
const hasTeams = (t: { teamIds: number[]; seasons: unknown[]; everyone: boolean }) =>
  t.everyone || t.teamIds.length > 0 || t.seasons.length > 0;
const teamsMessage = { message: 'Choose teams, a season or everyone', path: ['teamIds'] };

/** `POST /api/broadcasts/preview`. */
export const broadcastTargetSchema = z.object(targetShape).refine(hasTeams, teamsMessage);
export type BroadcastTarget = z.input<typeof broadcastTargetSchema>;

/** `POST /api/broadcasts`: the target, the words, "Got it" (default yes), now or at `sendAt`. */
const sendShape = {
  ...targetShape,
  content: z
    .string()
    .max(CHAT.maxMessageLength, 'Message too long or invalid')
    .refine((text) => text.trim().length > 0, 'Write the message'),
  requireAck: z.boolean().default(true),
  template: z.enum(templateIds).optional(),
  /** Later than now (the server checks against its clock); absent or null: send now. */
  sendAt: isoDateTime.nullish(),
};
export const broadcastSendSchema = z.object(sendShape).refine(hasTeams, teamsMessage);
export type BroadcastSend = z.input<typeof broadcastSendSchema>;

/**
 * `PATCH /api/broadcasts/:id`: a scheduled broadcast rewritten whole (words, whom, "Got it",
 * when) — the composer sends everything it shows, so there is no partial merge to reason about.
 */
export const broadcastEditSchema = z.object({ ...sendShape, sendAt: isoDateTime }).refine(hasTeams, teamsMessage);
export type BroadcastEdit = z.input<typeof broadcastEditSchema>;

/** One team in a preview: how many of each chosen audience it reaches. */
export const broadcastTeamCountSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  athletes: z.number().int().nonnegative(),
  guardians: z.number().int().nonnegative(),
  coaches: z.number().int().nonnegative(),
});

export const broadcastPreviewSchema = z.object({
  teams: z.array(broadcastTeamCountSchema),
  /** Distinct people (a guardian of two athletes, a coach of two teams: once). */
  recipients: z.number().int().nonnegative(),
  /** Guardians brought in because a chosen athlete is under 18 (safeguarding), not chosen themselves. */
  guardiansForMinors: z.number().int().nonnegative(),
  /** Coaches only: it goes to the school's coaches' room instead of the team rooms. */
  staffRoom: z.boolean(),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

export const broadcastSummarySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  audiences: z.array(askedAsSchema),
  status: broadcastStatusSchema,
  requireAck: z.boolean(),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The choice as made (seasons, named teams or everyone): what "Edit" fills the composer with. */
  targets: z.object({
    teamIds: z.array(z.number().int()),
    seasons: z.array(seasonSchema),
    everyone: z.boolean(),
  }),
  template: z.string().nullable(),
  sender: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  sendAt: isoDateTime.nullable(),
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  recipients: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  /** The rooms it was posted in: the tracking's links. */
  messages: z.array(
    z.object({ messageId: z.number().int(), roomId: z.number().int(), teamId: z.number().int().nullable() }),
  ),
});
export type BroadcastSummary = z.infer<typeof broadcastSummarySchema>;

export const broadcastListQuerySchema = z.object({ page: pageParam, limit: limitParam(20, 100) });
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;
export const broadcastListSchema = z.object({
  result: z.array(broadcastSummarySchema),
  paginationInfo: paginationInfoSchema,
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;

/** One person reached, once however many of the chosen teams reach them. */
export const broadcastRecipientSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  askedAs: askedAsSchema,
  teams: z.array(z.string()),
  /** Their read position in a room it was posted in is at or past it. */
  read: z.boolean(),
  acknowledgedAt: isoDateTime.nullable(),
});
export const BROADCAST_PEOPLE_FILTERS = ['all', 'missing', 'acknowledged'] as const;

/** `GET /api/broadcasts/:id`: a page of the people, missing first (or only some of them). */
export const broadcastTrackingQuerySchema = z.object({
  show: z.enum(BROADCAST_PEOPLE_FILTERS).catch('all'),
  page: pageParam,
  limit: limitParam(50, 200),
});
export type BroadcastTrackingQuery = z.infer<typeof broadcastTrackingQuerySchema>;

export const broadcastTrackingSchema = broadcastSummarySchema.extend({
  people: z.array(broadcastRecipientSchema),
  /** Of `people` as filtered by `show`. */
  peoplePages: paginationInfoSchema,
  missing: z.number().int().nonnegative(),
});
export type BroadcastTracking = z.infer<typeof broadcastTrackingSchema>;

/** How many templates a school keeps: a short list to choose from, not an archive. */
export const BROADCAST_SCHOOL_TEMPLATES_MAX = 50;

/** `POST /api/broadcasts/templates`: "Save as template" from the composer. */
export const broadcastTemplateInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the template').max(80, 'Template names are at most 80 characters'),
  content: sendShape.content,
  requireAck: z.boolean().default(true),
});
export type BroadcastTemplateInput = z.input<typeof broadcastTemplateInputSchema>;

/** A school's own template, as `GET /api/broadcasts/templates` lists them (by name). */
export const broadcastSchoolTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  requireAck: z.boolean(),
  createdAt: isoDateTime,
});
export type BroadcastSchoolTemplate = z.infer<typeof broadcastSchoolTemplateSchema>;
