/**
 * A poll as one viewer sees it, and the vote a tap on an option asks for (decision 023's polls,
 * both front ends): one choice replaces the last, several toggle, the chosen one again withdraws.
 */
import type { Poll } from '@fieldhouse/shared';

export type PollView = {
  /** Votes cast over all options (several per person in a multiple-choice poll). */
  total: number;
  /** People who voted at all. */
  voters: number;
  /** The options the viewer chose. */
  mine: number[];
  closed: boolean;
  /** Each option's share of the votes, in whole percent. */
  share: (votes: number) => number;
};

export function pollView(poll: Poll, viewerId: number, now: number = Date.now()): PollView {
  const total = poll.options.reduce((sum, o) => sum + o.votes, 0);
  return {
    total,
    voters: new Set(poll.options.flatMap((o) => o.voterIds)).size,
    mine: poll.options.filter((o) => o.voterIds.includes(viewerId)).map((o) => o.id),
    closed: poll.closesAt !== null && Date.parse(poll.closesAt) < now,
    share: (votes) => (total ? Math.round((votes / total) * 100) : 0),
  };
}

/** The option ids to send in `poll:vote` after tapping `optionId`. */
export function nextVote(poll: Pick<Poll, 'multipleChoice'>, mine: number[], optionId: number): number[] {
  const chosen = mine.includes(optionId);
  if (poll.multipleChoice) return chosen ? mine.filter((id) => id !== optionId) : [...mine, optionId];
  return chosen ? [] : [optionId];
}

export const votesLabel = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;
