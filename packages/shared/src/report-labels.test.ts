import { describe, expect, it } from 'vitest';
import { formatReportDateTime, formatReportMonth, labelOf, TEAM_LEVEL_LABELS } from './report-labels.ts';

describe('report labels', () => {
  it('words a code, and falls back to the code itself rather than a blank cell', () => {
    expect(labelOf(TEAM_LEVEL_LABELS, 'JUNIOR_VARSITY')).toBe('Junior varsity');
    expect(labelOf(TEAM_LEVEL_LABELS, 'ACADEMY')).toBe('ACADEMY');
    expect(labelOf(TEAM_LEVEL_LABELS, null)).toBe('');
  });

  it('writes an instant on the school’s wall clock with plain spaces', () => {
    // 04:30 UTC on 11 March is 11:30 PM on 10 March in Chicago (daylight time), 5:30 AM in Paris.
    expect(formatReportDateTime('2026-03-11T04:30:00Z', 'America/Chicago')).toBe('Mar 10, 2026, 11:30 PM');
    expect(formatReportDateTime('2026-03-11T04:30:00Z', 'Europe/Paris')).toBe('Mar 11, 2026, 5:30 AM');
    expect(formatReportDateTime('2026-03-11T04:30:00Z', 'America/Chicago')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('names a month', () => {
    expect(formatReportMonth('2026-11')).toBe('Nov 2026');
  });
});
