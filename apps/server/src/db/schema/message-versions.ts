/**
 * Every text a message has read as, for supervision (decision 023): an edit stores the text it
 * replaces here before changing the message, so the archive keeps each version. Never deleted
 * while the message stands.
 */
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chatMessages } from './chat.ts';
import { users } from './users.ts';

export const chatMessageVersions = pgTable(
  'chat_message_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The text as it read until `replacedAt`. */
    content: text('content').notNull(),
    /** When the message first read this way: the send, or the edit before. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('chat_message_versions_message_idx').on(t.messageId, t.id)],
);
