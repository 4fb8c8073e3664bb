import type { Poll } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { nextVote, pollView, votesLabel } from './poll-vote.ts';

const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: 1,
  question: 'Pizza or tacos?',
  multipleChoice: false,
  closesAt: null,
  options: [
    { id: 10, text: 'Pizza', votes: 2, voterIds: [1, 2] },
    { id: 11, text: 'Tacos', votes: 1, voterIds: [3] },
  ],
  ...overrides,
});

describe('pollView', () => {
  it('counts votes, voters, the viewer’s choices and shares', () => {
    const view = pollView(poll(), 3);
    expect(view).toMatchObject({ total: 3, voters: 3, mine: [11], closed: false });
    expect(view.share(2)).toBe(67);
  });

  it('counts a person once when they chose several options', () => {
    const many = poll({
      multipleChoice: true,
      options: [
        { id: 10, text: 'A', votes: 1, voterIds: [1] },
        { id: 11, text: 'B', votes: 1, voterIds: [1] },
      ],
    });
    expect(pollView(many, 1)).toMatchObject({ total: 2, voters: 1, mine: [10, 11] });
  });

  it('has no shares without votes and closes after closesAt', () => {
    const empty = poll({
      closesAt: '2024-01-01T10:00:00.000Z',
      options: [{ id: 10, text: 'A', votes: 0, voterIds: [] }],
    });
    const view = pollView(empty, 1, Date.parse('2024-01-01T10:00:01.000Z'));
    expect(view.share(0)).toBe(0);
    expect(view.closed).toBe(true);
    expect(pollView(empty, 1, Date.parse('2024-01-01T09:59:59.000Z')).closed).toBe(false);
  });
});

describe('nextVote', () => {
  it('one choice: a tap replaces the vote, the same option again withdraws it', () => {
    expect(nextVote({ multipleChoice: false }, [], 10)).toEqual([10]);
    expect(nextVote({ multipleChoice: false }, [10], 11)).toEqual([11]);
    expect(nextVote({ multipleChoice: false }, [10], 10)).toEqual([]);
  });

  it('several choices: a tap toggles one option and keeps the rest', () => {
    expect(nextVote({ multipleChoice: true }, [10], 11)).toEqual([10, 11]);
    expect(nextVote({ multipleChoice: true }, [10, 11], 10)).toEqual([11]);
  });
});

it('votesLabel says vote or votes', () => {
  expect(votesLabel(1)).toBe('1 vote');
  expect(votesLabel(0)).toBe('0 votes');
});
