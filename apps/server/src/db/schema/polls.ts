/**
 * Chat polls: a POLL message owns one poll; its options keep their order; a vote is one row per
 * (option, voter), so a multiple-choice voter has several and a tally is a count.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatMessages } from './chat.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatPolls = pgTable('chat_polls', {
  id: serial('id').primaryKey(),
  messageId: bigint('message_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => chatMessages.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  multipleChoice: boolean('multiple_choice').notNull().default(false),
  closesAt: at('closes_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const chatPollOptions = pgTable(
  'chat_poll_options',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => chatPolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  // Also the index a poll's options are read by, in order.
  (t) => [uniqueIndex('chat_poll_options_poll_position_key').on(t.pollId, t.position)],
);

export const chatPollVotes = pgTable(
  'chat_poll_votes',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => chatPolls.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => chatPollOptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.userId] }),
    // A re-vote deletes the voter's rows of the poll: (poll, user) finds them without a scan.
    index('chat_poll_votes_poll_idx').on(t.pollId, t.userId),
  ],
);
