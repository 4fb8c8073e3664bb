import { type AvailabilityCounts, availabilityText } from '@fieldhouse/shared';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { EventRow } from '../../../components/event-row.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { teamAvailabilityQueryOptions } from '../../calendar/api/availability-queries.ts';
import { calendarEventsQueryOptions } from '../../calendar/api/calendar-queries.ts';

const WINDOW_DAYS = 30;

/** Who is coming, once anyone has answered (a roster of no answers says nothing new). */
const comingText = (counts: AvailabilityCounts | undefined) =>
  counts && counts.going + counts.maybe + counts.notGoing > 0 ? availabilityText(counts) : undefined;
/** The team's next games and practices from the calendar (the next 30 days), each a link into it. */
export function TeamEventsCard({ teamId }: { teamId: number }) {
  const range = useMemo(() => {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start.getTime() + WINDOW_DAYS * 86_400_000);
    return { from: start.toISOString(), to: end.toISOString() };
  }, []);
  const events = useQuery(calendarEventsQueryOptions(range, { teamId }));
  const availability = useQuery(teamAvailabilityQueryOptions(teamId, range));
  const now = Date.now();
  const upcoming = (events.data?.occurrences ?? []).filter((o) => new Date(o.end).getTime() >= now).slice(0, 6);
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Upcoming events
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link to="/calendar" search={{ team: teamId }} {...props} />}>
          Calendar
        </Anchor>
      </Group>
      {events.isPending && <Skeleton h={96} />}
      {events.isError && (
        <QueryError
          what="Upcoming events"
          error={events.error}
          onRetry={() => events.refetch()}
          retrying={events.isFetching}
        />
      )}
      {events.isSuccess && upcoming.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing on the calendar in the next {WINDOW_DAYS} days. Add games and practices on the calendar, or import a
          season schedule there.
        </Text>
      )}
      <Stack gap={6}>
        {upcoming.map((o) => (
          <EventRow key={o.key} o={o} showDate showTeam={false} note={comingText(availability.data?.[o.key])} />
        ))}
      </Stack>
    </Card>
  );
}
