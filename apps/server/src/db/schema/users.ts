import { ROLES, USER_STATUSES } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { publicUuid, timestamps } from './common.ts';
import { organizations } from './organizations.ts';

export const roleEnum = pgEnum('user_role', ROLES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);

/**
 * People of SPEC §3. Sign-in credentials live in the identity module, keyed by `id`; this row is
 * the profile. Emails are stored lower-cased so the unique key is case-insensitive.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: publicUuid(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }),
    role: roleEnum('role'),
    contactNumber: varchar('contact_number', { length: 40 }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** An athlete's class (the year they graduate): grade and eligibility follow from it. */
    graduationYear: smallint('graduation_year'),
    status: userStatusEnum('status').notNull().default('ACTIVE'),
    userImage: text('user_image'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    bio: text('bio'),
    /** The identity account (embedded pool or Cognito) this user signs in with. */
    identitySub: uuid('identity_sub').unique(),
    /** Lower-cased, accent-free "first last email" for search; maintained by PostgreSQL. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`public.fh_user_search_text(first_name, last_name, email)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The user list always filters by organization and pages with (sort column, id) keysets.
    index('users_org_first_name_idx').on(t.organizationId, t.firstName, t.id),
    index('users_org_last_name_idx').on(t.organizationId, t.lastName, t.id),
    index('users_org_email_idx').on(t.organizationId, t.email),
    index('users_org_created_at_idx').on(t.organizationId, t.createdAt, t.id),
    index('users_org_role_idx').on(t.organizationId, t.role, t.id),
    index('users_org_status_idx').on(t.organizationId, t.status, t.id),
    index('users_org_graduation_year_idx').on(t.organizationId, t.graduationYear, t.id),
    // Every search is one school's: with the organization first, the tree holds each school's
    // trigrams apart, so a district's million people do not slow a school's search (btree_gist).
    index('users_org_search_trgm_idx').using('gist', t.organizationId, t.searchText.op('gist_trgm_ops')),
  ],
);

/** Every status change of a user, for the detail drawer's history and for audits. */
export const userStatusEvents = pgTable(
  'user_status_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStatus: userStatusEnum('from_status'),
    toStatus: userStatusEnum('to_status').notNull(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('user_status_events_user_idx').on(t.userId, t.createdAt)],
);
