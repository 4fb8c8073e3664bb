/** Reading the calendar: occurrences of a range, one stored event, feeds and conflict checks. */
import type { CalendarConflict, CalendarFeed, CalendarList, CalendarOccurrence, EventType } from '@fieldhouse/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getActiveOrganization } from '../../../lib/active-organization.ts';
import { apiGet } from '../../../lib/api-client.ts';

export type CalendarFilters = {
  teamId?: number | undefined;
  sportId?: number | undefined;
  facilityId?: number | undefined;
  type?: EventType | undefined;
};
export type CalendarRange = { from: string; to: string };

export const calendarKeys = {
  all: ['calendar'] as const,
  events: () => ['calendar', 'events'] as const,
  list: (range: CalendarRange, filters: CalendarFilters) =>
    ['calendar', 'events', getActiveOrganization(), range, filters] as const,
  event: (id: number) => ['calendar', 'event', id] as const,
  feeds: () => ['calendar', 'feeds', getActiveOrganization()] as const,
  conflicts: (query: ConflictCheck) => ['calendar', 'conflicts', query] as const,
};

export const calendarEventsQueryOptions = (range: CalendarRange, filters: CalendarFilters) =>
  queryOptions({
    queryKey: calendarKeys.list(range, filters),
    queryFn: async () =>
      (
        await apiGet<{ data: CalendarList }>('/calendar/events', {
          from: range.from,
          to: range.to,
          teamId: filters.teamId,
          sportId: filters.sportId,
          facilityId: filters.facilityId,
          type: filters.type,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const calendarEventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: calendarKeys.event(id),
    queryFn: async () => (await apiGet<{ data: CalendarOccurrence }>(`/calendar/events/${id}`)).data,
  });

export const calendarFeedsQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.feeds(),
    queryFn: async () => (await apiGet<{ data: CalendarFeed[] }>('/calendar/feeds')).data,
  });

export type ConflictCheck = {
  start: string;
  end: string;
  allDay: boolean;
  facilityId?: number | undefined;
  teamId?: number | undefined;
  excludeId?: number | undefined;
  repeatDays?: string | undefined;
  repeatUntil?: string | undefined;
  repeatFreq?: 'WEEKLY' | 'MONTHLY' | undefined;
  repeatMonthDay?: number | undefined;
  repeatNth?: number | undefined;
  repeatInterval?: number | undefined;
};

export const conflictsQueryOptions = (check: ConflictCheck | null) =>
  queryOptions({
    queryKey: calendarKeys.conflicts(check ?? { start: '', end: '', allDay: false }),
    enabled: check !== null,
    queryFn: async () =>
      (
        await apiGet<{ data: { conflicts: CalendarConflict[] } }>('/calendar/conflicts', {
          ...(check as ConflictCheck),
          allDay: String(check?.allDay ?? false),
        })
      ).data.conflicts,
    staleTime: 10_000,
  });
