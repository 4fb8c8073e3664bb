/**
 * Roster and family management (issue 16): the organization-wide person picker, several athletes
 * or coaches added at once, jersey numbers, a person's teams, guardians and e-mail, and the
 * first-run set-up of a school. Request schemas are strict: an unknown field is refused.
 */
import { z } from 'zod';
import { optionalText, personSummarySchema, phoneSchema, timeZoneSchema } from './directory.ts';
import { coachRoleSchema, limitParam, pageParam } from './user.ts';

const id = z.number().int().positive();
const personName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** `GET /people/search`: typeahead over the whole organization, paged on the server. */
export const PICKER_ROLES = ['ATHLETE', 'COACH', 'PARENT'] as const;
export const peopleSearchQuerySchema = z.object({
  role: z.enum(PICKER_ROLES),
  search: z.string().trim().max(200).catch(''),
  /** Marks the people already on this team (they are shown, not offered twice). */
  teamId: z.coerce.number().int().positive().optional().catch(undefined),
  page: pageParam,
  limit: limitParam(20, 50),
  organizationId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type PeopleSearchQuery = z.infer<typeof peopleSearchQuerySchema>;

export const personPickSchema = personSummarySchema.extend({
  dateOfBirth: z.string().nullable(),
  /** The teams they play on (athletes) or coach (coaches), to tell namesakes apart. */
  teams: z.array(z.string()),
  /** For guardians: their athletes' names. */
  children: z.array(z.string()),
  onTeam: z.boolean(),
});
export type PersonPick = z.infer<typeof personPickSchema>;

/** `POST /teams/:id/members/batch`: several athletes onto a roster in one go. */
export const rosterBatchAddSchema = z
  .object({ userIds: z.array(id).min(1, 'Choose at least one athlete').max(100, 'At most 100 at once') })
  .strict();

/** `POST /teams/:id/coaches/batch`. */
export const coachBatchAddSchema = z
  .object({
    userIds: z.array(id).min(1, 'Choose at least one coach').max(20, 'At most 20 at once'),
    role: coachRoleSchema.optional(),
  })
  .strict();

/** `PATCH /teams/:id/members/:userId`: a jersey number or position, edited in place. */
export const rosterMemberPatchSchema = z
  .object({
    jerseyNumber: z
      .string()
      .trim()
      .max(4, 'A jersey number has at most 4 characters')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    position: z
      .string()
      .trim()
      .max(60, 'A position has at most 60 characters')
      .transform((v) => (v === '' ? null : v))
      .nullable(),
  })
  .partial()
  .strict();

/** `PUT /user/:id/teams`: the teams an athlete plays on, or a coach coaches (replaces the list). */
export const userTeamsSchema = z
  .object({
    teamIds: z.array(id).max(50, 'At most 50 teams'),
    /** For coaches: the role on teams they are newly added to. */
    coachRole: coachRoleSchema.optional(),
  })
  .strict();
export type UserTeamsInput = z.infer<typeof userTeamsSchema>;

export const RELATIONSHIPS = ['Mother', 'Father', 'Guardian', 'Grandparent', 'Stepparent', 'Other'] as const;
const relationship = z
  .string()
  .trim()
  .min(1, 'Relationship is required')
  .max(40, 'Relationship must be at most 40 characters');

export const newGuardianSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: z.email('Enter a valid e-mail address').trim().toLowerCase().max(254),
    contactNumber: phoneSchema,
  })
  .strict();

/** `POST /user/:athleteId/guardians`: link an existing guardian, or add a new one and link them. */
export const guardianLinkSchema = z
  .object({
    guardianId: id.optional(),
    guardian: newGuardianSchema.optional(),
    relationship: relationship.default('Guardian'),
    isPrimary: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Boolean(v.guardianId) !== Boolean(v.guardian), 'Choose a guardian, or enter a new one (not both)');
export type GuardianLinkInput = z.input<typeof guardianLinkSchema>;

/** `PATCH /user/:athleteId/guardians/:guardianId`. */
export const guardianLinkPatchSchema = z.object({ relationship, isPrimary: z.boolean() }).partial().strict();

/** `PATCH /user/:id/email`: the sign-in account follows, and both addresses are told. */
export const emailChangeSchema = z
  .object({ email: z.email('Enter a valid e-mail address').trim().toLowerCase().max(254) })
  .strict();

/** `POST /setup/organization`: a school from the first-run set-up (the slug is made from the name). */
export const setupOrganizationSchema = z
  .object({
    name: z.string().trim().min(1, 'School name is required').max(200, 'At most 200 characters'),
    timezone: timeZoneSchema,
    address: optionalText(200),
    city: optionalText(120),
    state: optionalText(60),
    postalCode: optionalText(20),
  })
  .strict();
export type SetupOrganizationInput = z.input<typeof setupOrganizationSchema>;

/** `GET /setup/status`: how far the organization's set-up is, for the guided set-up and Home. */
export const setupStatusSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }).nullable(),
  directorInvited: z.boolean(),
  teams: z.number().int(),
  athletes: z.number().int(),
  coaches: z.number().int(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
