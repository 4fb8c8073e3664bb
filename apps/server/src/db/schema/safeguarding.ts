import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The people a director names to be the school's second adult in conversations with athletes
 * under 18 who have no guardian who can see them (decision 018).
 */
export const safeguardingContacts = pgTable(
  'safeguarding_contacts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('safeguarding_contacts_user_idx').on(t.userId)],
);
