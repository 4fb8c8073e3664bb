/**
 * Availability (decision 022): one athlete's answer for a team event. `event_id` is the single
 * event or the series (never an exception row), so an answer survives the date being moved;
 * `occurrence_start` names the series date, or is null for a single event or the whole series.
 */
import { AVAILABILITY_STATUSES } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { calendarEvents } from './calendar.ts';
import { timestamps } from './common.ts';
import { users } from './users.ts';

export const availabilityStatusEnum = pgEnum('availability_status', AVAILABILITY_STATUSES);

export const eventAvailability = pgTable(
  'event_availability',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true, mode: 'date' }),
    athleteId: integer('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: availabilityStatusEnum('status').notNull(),
    note: varchar('note', { length: 280 }),
    /** The athlete, or the guardian who answered for them. */
    repliedById: integer('replied_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('event_availability_date_key')
      .on(t.eventId, t.athleteId, t.occurrenceStart)
      .where(sql`occurrence_start is not null`),
    uniqueIndex('event_availability_whole_key').on(t.eventId, t.athleteId).where(sql`occurrence_start is null`),
    index('event_availability_athlete_idx').on(t.athleteId),
  ],
);

export type EventAvailabilityRow = typeof eventAvailability.$inferSelect;
