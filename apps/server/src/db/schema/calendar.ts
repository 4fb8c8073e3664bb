/**
 * The calendar (decision 010): events, recurring series with their exceptions, and the secret
 * tokens of the subscribable iCal feeds.
 *
 * A series is one row with `recurrence`; a changed or cancelled date of it is its own row with
 * `series_id` and `original_starts_at` (iCal's RECURRENCE-ID); a deleted date is in `exdates`.
 */
import { EVENT_STATUSES, EVENT_TYPES, HOME_AWAY, type Recurrence } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { publicUuid, timestamps } from './common.ts';
import { facilities } from './facilities.ts';
import { organizations } from './organizations.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const eventTypeEnum = pgEnum('calendar_event_type', EVENT_TYPES);
export const eventStatusEnum = pgEnum('calendar_event_status', EVENT_STATUSES);
export const homeAwayEnum = pgEnum('calendar_home_away', HOME_AWAY);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    /** The iCal UID (with the site's domain): stable for the event's whole life. */
    uuid: publicUuid(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** null: an organization-wide event. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Set on an exception: the series it belongs to. */
    seriesId: integer('series_id').references((): AnyPgColumn => calendarEvents.id, { onDelete: 'cascade' }),
    /** An exception's original start (iCal RECURRENCE-ID). */
    originalStartsAt: at('original_starts_at'),
    type: eventTypeEnum('type').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    opponent: varchar('opponent', { length: 200 }),
    homeAway: homeAwayEnum('home_away'),
    allDay: boolean('all_day').notNull().default(false),
    /** All-day events: midnight at the start of the first day and after the last, in the zone. */
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    location: varchar('location', { length: 300 }),
    /** The bookable place (field, gym, room): what facility conflicts compare. */
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    /**
     * The facility's name, kept in step with `facilities.name` (a rename rewrites it): what change
     * notices, iCal, CSV and the audit print, without a join; it also keeps a past event's place.
     */
    facility: varchar('facility', { length: 200 }),
    transportation: varchar('transportation', { length: 500 }),
    notes: text('notes'),
    status: eventStatusEnum('status').notNull().default('SCHEDULED'),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    /** The end of a series' last possible occurrence, so range queries can skip ended series. */
    recurrenceEndsAt: at('recurrence_ends_at'),
    /** Deleted dates of a series: original starts as ISO instants (iCal EXDATE). */
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    /** iCal SEQUENCE: +1 on every change, so subscribers take the newer copy. */
    sequence: integer('sequence').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('calendar_events_org_start_idx').on(t.organizationId, t.startsAt),
    index('calendar_events_team_idx').on(t.teamId),
    index('calendar_events_facility_idx').on(t.facilityId),
    uniqueIndex('calendar_events_exception_key').on(t.seriesId, t.originalStartsAt),
  ],
);

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** null: the organization's feed (every event). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    rotatedAt: at('rotated_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_org_key').on(t.organizationId).where(sql`team_id is null`),
    uniqueIndex('calendar_feeds_team_key').on(t.teamId).where(sql`team_id is not null`),
  ],
);

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
