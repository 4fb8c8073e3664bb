import { z } from 'zod';
import { ADMIN_ROLES, USER_LIST_DEFAULTS } from './constants.ts';

export const ROLES = [...ADMIN_ROLES, 'ATHLETE', 'COACH', 'PARENT'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const adminRoleSchema = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'DELETED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super Admin',
  ATHLETIC_DIRECTOR: 'Athletic Director',
  ATHLETIC_ADMINISTRATOR: 'Athletic Administrator',
  ASSISTANT_ATHLETIC_DIRECTOR: 'Assistant AD',
  COACH: 'Coach',
  ATHLETE: 'Athlete',
  PARENT: 'Guardian',
};

/** A role in words ("Guardian" for PARENT: the UI never says "Parent"); '' for none. */
export const roleLabel = (role: string | null | undefined) =>
  role ? (ROLE_LABELS[role as Role] ?? role.charAt(0) + role.slice(1).toLowerCase().replaceAll('_', ' ')) : '';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  SUSPENDED: 'Suspended',
  DELETED: 'Deleted',
};

export const isAdminRole = (role: Role | null | undefined): role is AdminRole =>
  role != null && (ADMIN_ROLES as readonly string[]).includes(role);

/** Sign-in to this web app needs an admin role and ACTIVE status (SPEC §5). */
export const canUseWebApp = (user: { role: Role | null; status: UserStatus }) =>
  isAdminRole(user.role) && user.status === 'ACTIVE';

/** Ranks for who may manage whom (decision 007): nobody changes or grants a rank above their own. */
export const ROLE_RANK: Record<Role, number> = {
  SUPER_ADMIN: 4,
  ATHLETIC_DIRECTOR: 3,
  ATHLETIC_ADMINISTRATOR: 2,
  ASSISTANT_ATHLETIC_DIRECTOR: 2,
  COACH: 1,
  ATHLETE: 0,
  PARENT: 0,
};

/** Whether someone with `actorRole` may give `role` (SUPER_ADMIN gives any). */
export const canGrantRole = (actorRole: Role | null, role: Role) =>
  actorRole === 'SUPER_ADMIN' || (actorRole !== null && ROLE_RANK[role] < ROLE_RANK[actorRole]);

/** The list filter `type` groups roles; ADMIN means every admin role. */
export const USER_TYPES = ['ATHLETE', 'COACH', 'PARENT', 'ADMIN'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const sportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
});
export type Sport = z.infer<typeof sportSchema>;

export const joinedTeamSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  Sport: sportSchema,
});
export type JoinedTeam = z.infer<typeof joinedTeamSchema>;

export const COACH_ROLES = ['HEAD', 'ASSISTANT'] as const;
export const coachRoleSchema = z.enum(COACH_ROLES);

export const teamCoachSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  role: coachRoleSchema,
  Team: joinedTeamSchema.optional(),
});

export const coachSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  TeamCoaches: z.array(teamCoachSchema),
});
export type Coach = z.infer<typeof coachSchema>;

/** A date-time as it travels in JSON. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** The User entity of SPEC §3, as the API presents it. */
export const userSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string().nullable().optional(),
  role: roleSchema.nullable(),
  contactNumber: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  /** An athlete's class; the grade follows from it (school-year.ts). */
  graduationYear: z.number().int().nullable(),
  status: userStatusSchema,
  userImage: z.string().nullable(),
  organizationId: z.union([z.string(), z.number()]).nullable(),
  bio: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  JoinedTeams: z.array(joinedTeamSchema),
  Coach: coachSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The organization a signed-in user belongs to, for the top bar and time zones. */
export const organizationSummarySchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  timezone: z.string(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const USER_SORTS = ['firstName', 'lastName', 'email', 'role', 'status', 'graduationYear', 'createdAt'] as const;
export const userSortSchema = z.enum(USER_SORTS);
export type UserSort = z.infer<typeof userSortSchema>;

const positiveInt = z.coerce.number().int().positive();
/** Row ids are PostgreSQL `integer`s: a larger number names nothing (and the database would refuse it). */
export const MAX_ROW_ID = 2_147_483_647;

/** A page number search param: anything invalid is page 1. */
export const pageParam = positiveInt.catch(1);
/** A page size search param: capped at `max`, anything invalid is `fallback`. */
export const limitParam = (fallback: number = USER_LIST_DEFAULTS.limit, max: number = USER_LIST_DEFAULTS.maxLimit) =>
  positiveInt.transform((n) => Math.min(n, max)).catch(fallback);

/**
 * Query of `GET /user/list` and search params of `/users/`: anything invalid falls back to the
 * SPEC §5 defaults instead of failing, so a hand-edited URL still shows a list.
 */
export const userListQuerySchema = z.object({
  page: pageParam,
  search: z.string().trim().max(200).catch(USER_LIST_DEFAULTS.search),
  sort: userSortSchema.catch(USER_LIST_DEFAULTS.sort),
  order: z.enum(['asc', 'desc']).catch(USER_LIST_DEFAULTS.order),
  type: z.union([userTypeSchema, z.literal('')]).catch(USER_LIST_DEFAULTS.type),
  teamId: positiveInt.max(MAX_ROW_ID).optional().catch(undefined),
  /** Only this class (athletes graduating that year). */
  graduationYear: positiveInt.max(9999).optional().catch(undefined),
  limit: limitParam(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
