import { COACH_ROLES } from '@fieldhouse/shared';
import { index, integer, pgEnum, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const coachRoleEnum = pgEnum('coach_role', COACH_ROLES);

/** The coaching profile of a COACH user (SPEC §3 User.Coach). */
export const coaches = pgTable('coaches', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 120 }),
  ...timestamps,
});

/** Which teams a coach coaches, head or assistant (SPEC §3 Coach.TeamCoaches). */
export const teamCoaches = pgTable(
  'team_coaches',
  {
    id: serial('id').primaryKey(),
    coachId: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: coachRoleEnum('role').notNull().default('ASSISTANT'),
  },
  (t) => [
    uniqueIndex('team_coaches_coach_team_key').on(t.coachId, t.teamId),
    index('team_coaches_team_idx').on(t.teamId),
  ],
);
