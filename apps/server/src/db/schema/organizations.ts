import { pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { publicUuid, timestamps } from './common.ts';

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  uuid: publicUuid(),
  name: varchar('name', { length: 200 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  /** IANA zone: calendars and "today" are in the school's time, not the viewer's. */
  timezone: varchar('timezone', { length: 64 }).notNull().default('America/Chicago'),
  /** Street address (first-run set-up asks for it; letters and maps need it). */
  address: varchar('address', { length: 200 }),
  city: varchar('city', { length: 120 }),
  state: varchar('state', { length: 60 }),
  postalCode: varchar('postal_code', { length: 20 }),
  logoUrl: text('logo_url'),
  /** Set when a SUPER_ADMIN deactivates the organization: its people can no longer sign in. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
