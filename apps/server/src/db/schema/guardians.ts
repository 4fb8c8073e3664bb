import { boolean, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/** A PARENT user who is guardian of an ATHLETE user. */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: varchar('relationship', { length: 40 }).notNull().default('Guardian'),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.athleteId] }), index('guardian_links_athlete_idx').on(t.athleteId)],
);
