/** A report's CSV is dated by the school's day, as the server names it, not UTC's. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadReport } from './download-report.ts';

const { download } = vi.hoisted(() => ({ download: vi.fn(async () => {}) }));
vi.mock('../../../lib/download.ts', () => ({ download }));

afterEach(() => {
  vi.useRealTimers();
});

describe('downloadReport', () => {
  it('names the file with the school’s date and sends the filters without paging', async () => {
    // 03:30 UTC on 8 December is still 7 December in Chicago.
    vi.useFakeTimers({ now: new Date('2026-12-08T03:30:00Z'), toFake: ['Date'] });
    await downloadReport('roster', { teamId: 4, page: 2, limit: 25 }, 'America/Chicago');
    expect(download).toHaveBeenCalledWith('/reports/roster.csv', { teamId: 4 }, 'roster-2026-12-07.csv');
  });
});
