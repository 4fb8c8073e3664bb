import { type CalendarOccurrence, EVENT_TYPE_LABELS } from '@fieldhouse/shared';
import { Anchor, Badge, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBus, IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { calendarEventsQueryOptions } from '../../calendar/api/calendar-queries.ts';
import { eventTitle, TYPE_COLORS } from '../../calendar/components/calendar-utils.ts';
import { StatusBadge } from '../../calendar/components/status-badge.tsx';
import { HomeCard } from './home-card.tsx';

const dayOf = (wall: string) => wall.slice(0, 10);
const timeOf = (wall: string) => {
  const [h = 0, m = 0] = wall.slice(11, 16).split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const dayHeading = (day: string, today: string) => {
  if (day === today) return 'Today';
  const date = new Date(`${day}T12:00:00Z`);
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
};

function EventRow({ o }: { o: CalendarOccurrence }) {
  return (
    <UnstyledButton
      renderRoot={(props) => (
        <Link to="/calendar" search={{ view: 'day', date: dayOf(o.localStart), event: o.eventId }} {...props} />
      )}
      px="xs"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        borderLeft: `3px solid var(--mantine-color-${TYPE_COLORS[o.type]}-6)`,
      }}
      aria-label={eventTitle(o)}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} td={o.status === 'CANCELLED' ? 'line-through' : undefined} truncate>
              {eventTitle(o)}
            </Text>
            <StatusBadge status={o.status} size="xs" />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {o.allDay ? 'All day' : `${timeOf(o.localStart)} – ${timeOf(o.localEnd)}`}
              {o.team ? ` · ${o.team.name}` : ' · Whole department'}
            </Text>
            {(o.facility || o.location) && (
              <Group gap={2} wrap="nowrap">
                <IconMapPin size={12} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed" truncate>
                  {o.facility ?? o.location}
                </Text>
              </Group>
            )}
            {o.transportation && (
              <IconBus size={12} color="var(--mantine-color-dimmed)" aria-label={o.transportation} />
            )}
          </Group>
        </Stack>
        <Badge variant="light" color={TYPE_COLORS[o.type]} size="sm" style={{ flexShrink: 0 }}>
          {EVENT_TYPE_LABELS[o.type]}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

/** Today's events and the rest of the week, grouped by day, each a link into the calendar. */
export function EventsCard() {
  const range = useMemo(() => {
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start);
    end.setDate(end.getDate() + 7);
    return { from: start.toISOString(), to: end.toISOString() };
  }, []);
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
        <Text size="sm" c="red">
          Events could not be loaded. {events.error.message}
        </Text>
      )}
      {events.isSuccess && upcoming.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing scheduled in the next seven days.
        </Text>
      )}
      <ScrollArea.Autosize mah={360} type="auto">
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
      </ScrollArea.Autosize>
    </HomeCard>
  );
}
