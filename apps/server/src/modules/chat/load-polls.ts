/**
 * Polls as messages present them, with their tallies. Apart from polls.ts so that messages.ts
 * can present polls without importing the module that sends them.
 */
import type { Poll } from '@fieldhouse/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatPollOptions, chatPolls, chatPollVotes } from '../../db/schema/index.ts';

type PollRow = typeof chatPolls.$inferSelect;

/** A poll with no votes yet, from its stored rows. */
export function presentPoll(row: PollRow, options: { id: number; text: string }[]): Poll {
  return {
    id: row.id,
    question: row.question,
    multipleChoice: row.multipleChoice,
    closesAt: row.closesAt?.toISOString() ?? null,
    options: options.map((o) => ({ id: o.id, text: o.text, votes: 0, voterIds: [] })),
  };
}

/** The polls of some messages, keyed by message id, in one query (a row per option and vote). */
export async function loadPolls(db: Db, messageIds: number[]): Promise<Map<number, Poll>> {
  const polls = new Map<number, Poll>();
  if (messageIds.length === 0) return polls;
  const rows = await db
    .select({
      poll: chatPolls,
      option: { id: chatPollOptions.id, text: chatPollOptions.text },
      voterId: chatPollVotes.userId,
    })
    .from(chatPolls)
    .innerJoin(chatPollOptions, eq(chatPollOptions.pollId, chatPolls.id))
    .leftJoin(chatPollVotes, eq(chatPollVotes.optionId, chatPollOptions.id))
    .where(inArray(chatPolls.messageId, messageIds))
    .orderBy(asc(chatPolls.id), asc(chatPollOptions.position), asc(chatPollVotes.createdAt), asc(chatPollVotes.userId));
  for (const row of rows) {
    let poll = polls.get(row.poll.messageId);
    if (!poll) {
      poll = presentPoll(row.poll, []);
      polls.set(row.poll.messageId, poll);
    }
    let option = poll.options.at(-1);
    if (option?.id !== row.option.id) {
      option = { id: row.option.id, text: row.option.text, votes: 0, voterIds: [] };
      poll.options.push(option);
    }
    if (row.voterId !== null) {
      option.votes += 1;
      option.voterIds.push(row.voterId);
    }
  }
  return polls;
}
