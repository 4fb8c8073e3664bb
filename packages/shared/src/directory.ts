/**
 * Contracts of the directory: users, teams, organizations, sports, coaches (issue 5).
 * Server validation and web forms read the same schemas.
 */
import { z } from 'zod';
import { graduationYearSchema } from './school-year.ts';
import { coachRoleSchema, limitParam, pageParam, roleSchema, sportSchema, userStatusSchema } from './user.ts';

const name = (label: string, max = 100) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
/** Optional text: trimmed, '' becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[+()0-9 .-]{7,25}$/, 'Enter a phone number such as (217) 555-0142')
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();

export const userCreateSchema = z.object({
  email: z.email('Enter a valid e-mail address').trim().toLowerCase().max(254),
  firstName: name('First name'),
  lastName: optionalText(100),
  role: roleSchema,
  contactNumber: phoneSchema,
  dateOfBirth: z.iso.date('Use the date format YYYY-MM-DD').nullable().optional(),
  graduationYear: graduationYearSchema.nullable().optional(),
  bio: optionalText(2000),
  /** A SUPER_ADMIN may place the user in another organization. */
  organizationId: z.number().int().positive().optional(),
  /** Teams the user joins (athletes) or coaches (coaches). */
  teamIds: z.array(z.number().int().positive()).max(50).default([]),
  coachRole: coachRoleSchema.default('ASSISTANT'),
  /** For a PARENT: the athletes they are guardian of. For an ATHLETE: their guardians. */
  linkedUserIds: z.array(z.number().int().positive()).max(20).default([]),
  sendInvite: z.boolean().default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    firstName: name('First name'),
    lastName: optionalText(100),
    role: roleSchema,
    contactNumber: phoneSchema,
    dateOfBirth: z.iso.date('Use the date format YYYY-MM-DD').nullable().optional(),
    graduationYear: graduationYearSchema.nullable().optional(),
    bio: optionalText(2000),
    userImage: z.url().max(2000).nullable().optional(),
  })
  .partial();
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** Status an administrator may set; DELETED is reached only through DELETE /user/:id. */
export const userStatusChangeSchema = z.object({
  status: z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED']),
  reason: z.string().trim().max(500).optional(),
});

export const teamLevelSchema = z.enum(['VARSITY', 'JUNIOR_VARSITY', 'FRESHMAN', 'MIDDLE_SCHOOL', 'CLUB']);
export const teamGenderSchema = z.enum(['BOYS', 'GIRLS', 'COED']);
export const seasonSchema = z.enum(['FALL', 'WINTER', 'SPRING', 'SUMMER']);

export const teamSummarySchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  level: teamLevelSchema,
  gender: teamGenderSchema,
  season: seasonSchema,
  schoolYear: z.string(),
  status: z.enum(['ACTIVE', 'ARCHIVED']),
  organizationId: z.number().int(),
  Sport: sportSchema,
  athleteCount: z.number().int(),
  coachCount: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

const teamFields = {
  name: name('Team name', 120),
  sportId: z.number().int().positive(),
  level: teamLevelSchema,
  gender: teamGenderSchema,
  season: seasonSchema,
  schoolYear: z.string().regex(/^\d{4}-\d{2}$/, 'Use a school year such as 2026-27'),
  status: z.enum(['ACTIVE', 'ARCHIVED']),
};

export const teamInputSchema = z.object({
  ...teamFields,
  level: teamFields.level.default('VARSITY'),
  status: teamFields.status.default('ACTIVE'),
  organizationId: z.number().int().positive().optional(),
});
export type TeamInput = z.input<typeof teamInputSchema>;

/** A team's PATCH: only the fields sent change (no default fills in a field that was left out). */
export const teamUpdateSchema = z.object(teamFields).partial();

export const personSummarySchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: roleSchema.nullable(),
  status: userStatusSchema,
  contactNumber: z.string().nullable(),
  userImage: z.string().nullable(),
  graduationYear: z.number().int().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  athletes: z.array(
    personSummarySchema.extend({
      jerseyNumber: z.string().nullable(),
      position: z.string().nullable(),
      guardians: z.array(personSummarySchema.extend({ relationship: z.string() })),
    }),
  ),
  coaches: z.array(
    personSummarySchema.extend({ coachId: z.number().int(), coachRole: coachRoleSchema, title: z.string().nullable() }),
  ),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const organizationSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  slug: z.string(),
  timezone: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  userCount: z.number().int(),
  teamCount: z.number().int(),
  /** Set while the organization is deactivated: its people cannot sign in (decision 012). */
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** An IANA zone this runtime knows ("America/Chicago"). */
export const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone');

export const organizationInputSchema = z.object({
  name: name('Name', 200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes')
    .max(100),
  timezone: timeZoneSchema,
  address: optionalText(200),
  city: optionalText(120),
  state: optionalText(60),
  postalCode: optionalText(20),
});

export const organizationListQuerySchema = z.object({
  search: z.string().trim().max(200).catch(''),
  page: pageParam,
  limit: limitParam(),
});
