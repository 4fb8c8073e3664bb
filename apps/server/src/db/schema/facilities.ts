/**
 * A school's bookable places (decision 010, "Facilities"): gyms, fields, rooms. Events point at
 * one by `calendar_events.facility_id`; conflicts compare that id. Names are unique per school,
 * case-insensitively ("main gym" is "Main Gym"). Archived facilities stay linked to their past
 * events but are not offered for new ones.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { organizations } from './organizations.ts';

export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 300 }),
    capacity: integer('capacity'),
    /** Free text ("Mon–Fri 6 am – 10 pm"): shown to people, never checked against events. */
    hours: varchar('hours', { length: 200 }),
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('facilities_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export type FacilityRow = typeof facilities.$inferSelect;
