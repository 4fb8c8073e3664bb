/**
 * A school's own broadcast templates (decision 029): texts the athletic office saved from the
 * composer, listed beside the built-in BROADCAST_TEMPLATES. Per school; names unique within it.
 * Written only by modules/broadcasts.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const broadcastTemplates = pgTable(
  'broadcast_templates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    content: text('content').notNull(),
    requireAck: boolean('require_ack').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // "Bus change" and "bus change" are one name to the director choosing from the list.
  (t) => [uniqueIndex('broadcast_templates_org_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);

export type BroadcastTemplateRow = typeof broadcastTemplates.$inferSelect;
