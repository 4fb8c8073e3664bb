/** The participation report's sport chart: its "in all" is the unduplicated total of athletes. */
import type { ParticipationCounts } from '@fieldhouse/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onePage } from '../../../test/one-page.ts';
import { renderPage } from '../../../test/render.tsx';
import { reportSearchSchema } from '../utils/report-search.ts';
import { ParticipationReport } from './participation-report.tsx';

const { apiGet } = vi.hoisted(() => ({ apiGet: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiGet }));

const counts = (teams: number, rosterSpots: number, athletes: number): ParticipationCounts => ({
  teams,
  rosterSpots,
  athletes,
});

describe('ParticipationReport', () => {
  it('titles the sport chart with the athletes counted once, not the sum of the bars', async () => {
    // Two athletes; one plays fall football and winter basketball: the bars add up to 3.
    apiGet.mockResolvedValue({
      data: {
        schoolYear: '2026-27',
        result: [],
        paginationInfo: onePage(0),
        summary: [
          { sport: 'Basketball', season: 'WINTER', teams: 1, athletes: 1 },
          { sport: 'Football', season: 'FALL', teams: 1, athletes: 2 },
        ],
        totals: {
          byGender: [{ gender: 'BOYS', ...counts(2, 3, 2) }],
          byLevel: [{ level: 'VARSITY', ...counts(2, 3, 2) }],
          byGenderLevel: [{ gender: 'BOYS', level: 'VARSITY', ...counts(2, 3, 2) }],
          total: counts(2, 3, 2),
        },
      },
    });
    await renderPage(
      <ParticipationReport search={reportSearchSchema.parse({ report: 'participation' })} onPage={() => {}} />,
    );
    expect(await screen.findByText(/^Athletes by sport, coloured by season \(2 in all/)).toBeTruthy();
  });
});
