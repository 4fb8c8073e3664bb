import type { ParticipationTotals } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { ALL_LEVELS, genderByLevelRows } from './participation-chart.ts';

const c = (athletes: number) => ({ teams: 1, rosterSpots: athletes, athletes });

describe('genderByLevelRows', () => {
  it('puts all levels first, then levels in the usual order with their words, 0 where a gender has no team', () => {
    const totals: ParticipationTotals = {
      byGender: [
        { gender: 'GIRLS', ...c(5) },
        { gender: 'BOYS', ...c(7) },
      ],
      byLevel: [
        { level: 'FRESHMAN', ...c(3) },
        { level: 'VARSITY', ...c(8) },
        { level: 'JUNIOR_VARSITY', ...c(2) },
      ],
      byGenderLevel: [
        { gender: 'BOYS', level: 'VARSITY', ...c(4) },
        { gender: 'GIRLS', level: 'VARSITY', ...c(4) },
        { gender: 'BOYS', level: 'FRESHMAN', ...c(3) },
        { gender: 'GIRLS', level: 'JUNIOR_VARSITY', ...c(2) },
      ],
      total: c(11),
    };
    const { rows, genders } = genderByLevelRows(totals);
    expect(genders).toEqual(['BOYS', 'GIRLS']);
    expect(rows).toEqual([
      { level: ALL_LEVELS, BOYS: 7, GIRLS: 5 },
      { level: 'Varsity', BOYS: 4, GIRLS: 4 },
      { level: 'Junior varsity', BOYS: 0, GIRLS: 2 },
      { level: 'Freshman', BOYS: 3, GIRLS: 0 },
    ]);
  });

  it('has no bars when there are no teams', () => {
    const empty = { teams: 0, rosterSpots: 0, athletes: 0 };
    expect(genderByLevelRows({ byGender: [], byLevel: [], byGenderLevel: [], total: empty }).genders).toEqual([]);
  });
});
