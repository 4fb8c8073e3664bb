import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { z } from 'zod';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventRow } from '../../components/event-row.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { AGENDA_DAYS, upcomingScheduleQueryOptions } from '../../features/schedule/api/schedule.ts';
import { linkedOccurrence } from '../../features/schedule/utils/linked-occurrence.ts';
import { dayKey, dayLabel } from '../../lib/dates.ts';

/** A notification's calendar link (`?event=3&date=2026-12-01`, from the service worker) opens that event. */
const scheduleSearchSchema = z.object({
  // The router reads `event=3` as the number 3.
  event: z
    .union([z.string().max(64), z.number().int()])
    .transform(String)
    .optional()
    .catch(undefined),
  date: z.string().max(10).optional().catch(undefined),
});

/** The agenda: my teams' events from today for four weeks, by day. */
export const Route = createFileRoute('/_member/schedule/')({
  validateSearch: scheduleSearchSchema,
  component: SchedulePage,
});

function SchedulePage() {
  const schedule = useQuery(upcomingScheduleQueryOptions());
  const data = schedule.data;
  const search = Route.useSearch();
  const linked = data ? linkedOccurrence(data.occurrences, search.event, search.date) : null;
  if (linked) return <Navigate to="/schedule/$key" params={{ key: linked.key }} replace />;
  const days = new Map<string, NonNullable<typeof data>['occurrences']>();
  for (const o of data?.occurrences ?? []) {
    const key = dayKey(o.start, data?.timezone ?? 'UTC');
    days.set(key, [...(days.get(key) ?? []), o]);
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Schedule
      </Title>
      {!data ? (
        <QueryState isError={schedule.isError} refetch={schedule.refetch} lines={4} />
      ) : days.size === 0 ? (
        <EmptyState title="No events in the next four weeks">
          When your coaches schedule practices, games or meetings, they appear here and you can say whether you are
          coming.
        </EmptyState>
      ) : (
        [...days.values()].map((events) => {
          const first = events[0];
          if (!first) return null;
          const label = dayLabel(first.start, data.timezone);
          return (
            <Stack key={label} gap="xs" component="section" aria-label={label}>
              <Title order={2} size="h5">
                {label}
              </Title>
              {events.map((o) => (
                <EventRow key={o.key} occurrence={o} timeZone={data.timezone} answers={data.answers[o.key]} />
              ))}
            </Stack>
          );
        })
      )}
      {data && (
        <Text size="sm" c="dimmed" ta="center">
          Showing {AGENDA_DAYS} days from today.
        </Text>
      )}
    </Stack>
  );
}
