/** Who is coming (decision 022): one occurrence's answers, and a team's counts over a range. */
import type { Availability, AvailabilitySummary, CalendarOccurrence } from '@fieldhouse/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { CalendarRange } from './calendar-queries.ts';

/** Under the calendar's prefix, so a schedule change refreshes them too. */
export const availabilityKeys = {
  all: ['calendar', 'availability'] as const,
  occurrence: (key: string) => ['calendar', 'availability', 'occurrence', key] as const,
  team: (teamId: number, range: CalendarRange) => ['calendar', 'availability', 'team', teamId, range] as const,
};

export const availabilityQueryOptions = (o: CalendarOccurrence) =>
  queryOptions({
    queryKey: availabilityKeys.occurrence(o.key),
    queryFn: async () =>
      (
        await apiGet<{ data: Availability }>(`/calendar/events/${o.eventId}/availability`, {
          // An exception row names its own date; a plain series date is named by its start.
          occurrenceStart: o.seriesId && !o.isException ? (o.occurrenceStart ?? undefined) : undefined,
        })
      ).data,
  });

export const teamAvailabilityQueryOptions = (teamId: number, range: CalendarRange) =>
  queryOptions({
    queryKey: availabilityKeys.team(teamId, range),
    queryFn: async () =>
      (await apiGet<{ data: AvailabilitySummary }>('/calendar/availability', { teamId, ...range })).data,
  });
