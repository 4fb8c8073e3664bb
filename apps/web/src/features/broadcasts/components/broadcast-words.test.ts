import { describe, expect, it } from 'vitest';
import { audienceLine, whenText } from './broadcast-words.ts';

const team = (id: number, name: string) => ({ id, name });

describe('audienceLine', () => {
  it('names the roles and the first team, counting the rest', () => {
    expect(
      audienceLine({
        audiences: ['ATHLETE', 'GUARDIAN'],
        teams: [team(1, 'Girls Varsity Basketball'), team(2, 'Boys JV Wrestling'), team(3, 'Girls Swim')],
        messages: [],
        status: 'SENT',
      }),
    ).toBe('Athletes and guardians of Girls Varsity Basketball and 2 more teams');
    expect(
      audienceLine({
        audiences: ['GUARDIAN'],
        teams: [team(1, 'Girls Swim'), team(2, 'Boys Swim')],
        messages: [],
        status: 'SENT',
      }),
    ).toBe('Guardians of Girls Swim and 1 more team');
  });

  it('lists three roles with commas and says where coaches-only went', () => {
    expect(
      audienceLine({
        audiences: ['ATHLETE', 'GUARDIAN', 'COACH'],
        teams: [team(1, 'Cheer')],
        messages: [],
        status: 'SENT',
      }),
    ).toBe('Athletes, guardians and coaches of Cheer');
    expect(audienceLine({ audiences: ['COACH'], teams: [], messages: [], status: 'SENT' })).toBe(
      'Coaches (coaches’ room)',
    );
  });
});

describe('whenText', () => {
  it('reads in the school’s zone, and a dash for nothing', () => {
    expect(whenText('2026-11-27T20:15:00Z', 'America/Chicago')).toBe('Nov 27, 2026, 2:15 PM');
    expect(whenText(null, 'America/Chicago')).toBe('—');
  });
});
