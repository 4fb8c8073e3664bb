/** The key under the calendar: a colour per team in view, an icon per type, the status marks. */
import { type CalendarOccurrence, EVENT_TYPE_LABELS, EVENT_TYPES } from '@fieldhouse/shared';
import { Group, Text } from '@mantine/core';
import classes from './calendar.module.css';
import { EventTypeIcon } from './event-type-icon.tsx';
import { SCHOOL_COLOR, teamColor } from './team-colors.ts';

export function CalendarLegend({ occurrences }: { occurrences: CalendarOccurrence[] }) {
  const teams = new Map<number, string>();
  for (const o of occurrences) if (o.team) teams.set(o.team.id, o.team.name);
  const sorted = [...teams].sort((a, b) => a[1].localeCompare(b[1]));
  const schoolWide = occurrences.some((o) => !o.team);
  return (
    <Group gap="md" mt="md" data-testid="legend" aria-label="Legend" role="group" className={classes.legend}>
      {sorted.map(([id, name]) => (
        <Group gap={6} key={id} wrap="nowrap">
          <span className={classes.legendDot} style={{ background: teamColor(id) }} />
          <Text size="xs">{name}</Text>
        </Group>
      ))}
      {schoolWide && (
        <Group gap={6} wrap="nowrap">
          <span className={classes.legendDot} style={{ background: SCHOOL_COLOR }} />
          <Text size="xs">Whole school</Text>
        </Group>
      )}
      <Group gap="sm" className={classes.legendTypes}>
        {EVENT_TYPES.map((t) => (
          <Group gap={4} key={t} wrap="nowrap">
            <EventTypeIcon type={t} size={14} />
            <Text size="xs" c="dimmed">
              {EVENT_TYPE_LABELS[t]}
            </Text>
          </Group>
        ))}
        <span className={classes.pill}>Postponed</span>
        <Text size="xs" c="dimmed" td="line-through">
          Cancelled
        </Text>
      </Group>
    </Group>
  );
}
