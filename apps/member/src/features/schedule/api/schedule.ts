/** GET /me/schedule: my teams' events from today, with my availability answers (decisions 021, 022). */
import type { MemberSchedule } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { addDays, startOfToday } from '../../../lib/dates.ts';

/** How far ahead the agenda reads: four weeks, well inside the server's range limit. */
export const AGENDA_DAYS = 28;

export const scheduleKeys = {
  all: ['me', 'schedule'] as const,
  from: (from: string) => [...scheduleKeys.all, from] as const,
};

export const upcomingScheduleQueryOptions = () => {
  const from = startOfToday().toISOString();
  return queryOptions({
    queryKey: scheduleKeys.from(from),
    queryFn: async () =>
      (
        await apiGet<{ data: MemberSchedule }>('/me/schedule', {
          from,
          to: addDays(new Date(from), AGENDA_DAYS).toISOString(),
        })
      ).data,
  });
};
