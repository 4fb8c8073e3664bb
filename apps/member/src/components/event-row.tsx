import { AVAILABILITY_LABELS, type CalendarOccurrence, EVENT_TYPE_LABELS, type MemberAnswer } from '@fieldhouse/shared';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { dayLabel, timeLabel } from '../lib/dates.ts';

/** One event as a tappable card: when, what, where, and my answer; opens the event's page. */
export function EventRow({
  occurrence,
  timeZone,
  answers = [],
  showDay = false,
}: {
  occurrence: CalendarOccurrence;
  timeZone: string;
  answers?: MemberAnswer[];
  showDay?: boolean;
}) {
  const when = occurrence.allDay
    ? 'All day'
    : `${timeLabel(occurrence.start, timeZone)} – ${timeLabel(occurrence.end, timeZone)}`;
  const answered = answers.filter((a) => a.status);
  return (
    <UnstyledButton
      renderRoot={(props) => <Link to="/schedule/$key" params={{ key: occurrence.key }} {...props} />}
      display="block"
    >
      <Paper withBorder radius="md" p="sm">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} lineClamp={2}>
              {occurrence.title}
            </Text>
            {occurrence.status === 'CANCELLED' ? (
              <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                Cancelled
              </Badge>
            ) : (
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {EVENT_TYPE_LABELS[occurrence.type]}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {showDay ? `${dayLabel(occurrence.start, timeZone)} · ` : ''}
            {when}
          </Text>
          {(occurrence.location || occurrence.team) && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {[occurrence.team?.name, occurrence.location].filter(Boolean).join(' · ')}
            </Text>
          )}
          {answered.length > 0 && (
            <Text size="sm" c="dimmed">
              {answered.length === 1 && answers.length === 1
                ? `You answered: ${AVAILABILITY_LABELS[answered[0]?.status ?? 'GOING']}`
                : `${answered.length} of ${answers.length} answered`}
            </Text>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
