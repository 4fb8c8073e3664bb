import { describe, expect, it } from 'vitest';
import { contrastWithWhite, SCHOOL_COLOR, TEAM_PALETTE, teamColor } from './team-colors.ts';

describe('team colours', () => {
  it('carry white text at AA contrast', () => {
    for (const color of [...TEAM_PALETTE, SCHOOL_COLOR])
      expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
  });

  it('are stable per team and distinct for neighbouring ids', () => {
    expect(teamColor(7)).toBe(teamColor(7));
    expect(teamColor(7)).not.toBe(teamColor(8));
    expect(teamColor(null)).toBe(SCHOOL_COLOR);
  });
});
