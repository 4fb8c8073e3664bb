/** The unanswered list shows its times in the school's zone, whatever the browser's is. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onePage } from '../../../test/one-page.ts';
import { renderPage } from '../../../test/render.tsx';
import { reportSearchSchema } from '../utils/report-search.ts';
import { UnansweredReport } from './unanswered-report.tsx';

const { apiGet } = vi.hoisted(() => ({ apiGet: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiGet }));

describe('UnansweredReport', () => {
  it('formats the waiting times in the school’s time zone', async () => {
    apiGet.mockResolvedValue({
      data: {
        // Tokyo: whatever zone the test runs in (UTC in CI), the times must be Tokyo's.
        timezone: 'Asia/Tokyo',
        result: [
          {
            roomId: 1,
            roomUuid: '00000000-0000-4000-8000-000000000001',
            group: 'GUARDIANS',
            counterpart: { id: 2, name: 'Paula Núñez', role: 'PARENT' },
            admin: { id: 3, name: 'Dana Director' },
            waitingSince: '2026-03-11T04:30:00.000Z',
            lastMessageAt: '2026-03-11T04:45:00.000Z',
            waitingMessages: 2,
            waitingSeconds: 3600,
          },
        ],
        paginationInfo: onePage(1),
      },
    });
    await renderPage(
      <UnansweredReport search={reportSearchSchema.parse({ report: 'unanswered' })} onPage={() => {}} />,
    );
    expect(await screen.findByText('Mar 11, 1:30 PM')).toBeTruthy();
    expect(screen.getByText('last Mar 11, 1:45 PM')).toBeTruthy();
  });
});
