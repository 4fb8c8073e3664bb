import { type CalendarOccurrence, EVENT_TYPE_LABELS } from '@fieldhouse/shared';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBus, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { eventTitle, TYPE_COLORS, wallDate, wallTime } from '../lib/event-display.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * One event in a list (Home's week, a team's upcoming events): title, status, time, place, and
 * its type's colour; a link to it in the calendar.
 */
export function EventRow({
  o,
  showDate = false,
  showTeam = true,
  note,
}: {
  o: CalendarOccurrence;
  /** A line under the details, e.g. who is coming. */
  note?: string | undefined;
  /** Lists that are not grouped by day say the day on each row. */
  showDate?: boolean;
  showTeam?: boolean;
}) {
  const time = o.allDay ? 'All day' : `${wallTime(o.localStart)} – ${wallTime(o.localEnd)}`;
  const team = showTeam ? (o.team ? ` · ${o.team.name}` : ' · Whole department') : '';
  return (
    <UnstyledButton
      renderRoot={(props) => (
        <Link to="/calendar" search={{ view: 'day', date: o.localStart.slice(0, 10), event: o.eventId }} {...props} />
      )}
      px="xs"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        borderLeft: `3px solid var(--mantine-color-${TYPE_COLORS[o.type]}-6)`,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text
              size="sm"
              fw={600}
              td={o.status === 'CANCELLED' ? 'line-through' : undefined}
              truncate
              title={eventTitle(o)}
            >
              {eventTitle(o)}
            </Text>
            <StatusBadge status={o.status} size="xs" />
          </Group>
          {/* Wraps rather than widening the row: on a phone the place goes under the time. */}
          <Group gap={4} wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-xs)' }}>
            <Text size="xs" c="dimmed">
              {showDate ? `${wallDate(o.localStart)} · ` : ''}
              {time}
              {team}
            </Text>
            {(o.facility || o.location) && (
              <Group gap={2} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
                <IconMapPin size={12} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="xs" c="dimmed" truncate>
                  {o.facility ?? o.location}
                </Text>
              </Group>
            )}
            {o.transportation && (
              <IconBus size={12} color="var(--mantine-color-dimmed)" aria-label={o.transportation} />
            )}
            {/* On a phone the type joins the details; the side column is the title's. */}
            <Badge variant="light" color={TYPE_COLORS[o.type]} size="xs" hiddenFrom="xs">
              {EVENT_TYPE_LABELS[o.type]}
            </Badge>
          </Group>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color={TYPE_COLORS[o.type]} size="sm" visibleFrom="xs" style={{ flexShrink: 0 }}>
          {EVENT_TYPE_LABELS[o.type]}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}
