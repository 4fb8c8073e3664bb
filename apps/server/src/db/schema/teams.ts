import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { publicUuid, timestamps } from './common.ts';
import { organizations } from './organizations.ts';
import { sports } from './sports.ts';
import { users } from './users.ts';

export const TEAM_LEVELS = ['VARSITY', 'JUNIOR_VARSITY', 'FRESHMAN', 'MIDDLE_SCHOOL', 'CLUB'] as const;
export const TEAM_GENDERS = ['BOYS', 'GIRLS', 'COED'] as const;
export const SEASONS = ['FALL', 'WINTER', 'SPRING', 'SUMMER'] as const;
export const TEAM_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;

export const teamLevelEnum = pgEnum('team_level', TEAM_LEVELS);
export const teamGenderEnum = pgEnum('team_gender', TEAM_GENDERS);
export const seasonEnum = pgEnum('season', SEASONS);
export const teamStatusEnum = pgEnum('team_status', TEAM_STATUSES);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    uuid: publicUuid(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    level: teamLevelEnum('level').notNull().default('VARSITY'),
    gender: teamGenderEnum('gender').notNull(),
    season: seasonEnum('season').notNull(),
    /** The school year a season belongs to, e.g. '2026-27'. */
    schoolYear: varchar('school_year', { length: 9 }).notNull(),
    status: teamStatusEnum('status').notNull().default('ACTIVE'),
    ...timestamps,
  },
  (t) => [
    index('teams_org_name_idx').on(t.organizationId, t.name),
    index('teams_sport_idx').on(t.sportId),
    check('teams_school_year_format', sql`${t.schoolYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

/** An athlete on a team: the user's JoinedTeams. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jerseyNumber: varchar('jersey_number', { length: 4 }),
    position: varchar('position', { length: 60 }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);
