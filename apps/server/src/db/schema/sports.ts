import { sql } from 'drizzle-orm';
import { pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Sports are shared by every organization; `icon` is an icon key the web maps to a glyph. */
export const sports = pgTable(
  'sports',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull().unique(),
    icon: varchar('icon', { length: 64 }).notNull(),
  },
  // Names are unique ignoring case, so two people adding "Soccer" and "soccer" at once get one.
  (t) => [uniqueIndex('sports_name_lower_key').on(sql`lower(${t.name})`)],
);
