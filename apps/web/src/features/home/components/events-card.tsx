import type { CalendarOccurrence } from '@fieldhouse/shared';
import { Anchor, Badge, Box, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { EventRow } from '../../../components/event-row.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { calendarEventsQueryOptions } from '../../calendar/api/calendar-queries.ts';
import { homeWeek } from '../api/home-loader.ts';
import { HomeCard } from './home-card.tsx';

const dayOf = (wall: string) => wall.slice(0, 10);
const dayHeading = (day: string, today: string) => {
  if (day === today) return 'Today';
  const date = new Date(`${day}T12:00:00Z`);
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** Today's events and the rest of the week, grouped by day, each a link into the calendar. */
export function EventsCard() {
  const range = useMemo(homeWeek, []);
  const events = useQuery(calendarEventsQueryOptions(range, {}));
  const occurrences = events.data?.occurrences ?? [];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: events.data?.timezone }).format(new Date());
  const byDay = new Map<string, CalendarOccurrence[]>();
  // The range starts at the browser's midnight; the school's day is the one that counts.
  const upcoming = occurrences.filter((o) => dayOf(o.localEnd) >= today || dayOf(o.localStart) >= today);
  for (const o of [...upcoming].sort((a, b) => a.start.localeCompare(b.start)))
    byDay.set(dayOf(o.localStart), [...(byDay.get(dayOf(o.localStart)) ?? []), o]);
  const todayCount = byDay.get(today)?.length ?? 0;
  return (
    <HomeCard
      icon={IconCalendarEvent}
      title="This week"
      badge={<Badge variant="light">{todayCount} today</Badge>}
      aside={
        <Anchor size="sm" renderRoot={(props) => <Link to="/calendar" search={{ view: 'week' }} {...props} />}>
          Open calendar
        </Anchor>
      }
    >
      {events.isPending && <Skeleton h={220} />}
      {events.isError && (
        <QueryError
          what="This week’s events"
          error={events.error}
          onRetry={() => events.refetch()}
          retrying={events.isFetching}
        />
      )}
      {events.isSuccess && upcoming.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing scheduled in the next seven days. Add games and practices on the calendar, or import a season schedule
          there.
        </Text>
      )}
      {/* A native scroller: ScrollArea.Autosize sizes to min-content, which truncated titles widen. */}
      <Box mah={360} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
        <Stack gap="sm" data-testid="week-events">
          {[...byDay.entries()].map(([day, list]) => (
            <Stack key={day} gap={4}>
              <Text size="xs" fw={700} c={day === today ? 'blue' : 'dimmed'} tt="uppercase">
                {dayHeading(day, today)}
              </Text>
              {list.map((o) => (
                <EventRow key={o.key} o={o} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Box>
    </HomeCard>
  );
}
