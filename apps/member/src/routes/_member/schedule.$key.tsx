import { availabilityText, EVENT_TYPE_LABELS } from '@fieldhouse/shared';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { myTeamsQueryOptions } from '../../features/home/api/my-teams.ts';
import { upcomingScheduleQueryOptions } from '../../features/schedule/api/schedule.ts';
import { AvailabilityForm } from '../../features/schedule/components/availability-form.tsx';
import { dayLabel, timeLabel } from '../../lib/dates.ts';

/** One event: when and where (with a map link), and my availability answers. */
export const Route = createFileRoute('/_member/schedule/$key')({
  component: EventPage,
});

const mapLink = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

function EventPage() {
  const { key } = Route.useParams();
  const schedule = useQuery(upcomingScheduleQueryOptions());
  const teams = useQuery(myTeamsQueryOptions());
  const back = (
    <Anchor renderRoot={(props) => <Link to="/schedule" {...props} />}>
      <Group gap={4} component="span">
        <IconArrowLeft size={18} aria-hidden="true" />
        Schedule
      </Group>
    </Anchor>
  );
  if (!schedule.data) return <QueryState isError={schedule.isError} refetch={schedule.refetch} />;
  const { timezone, answers, counts } = schedule.data;
  const event = schedule.data.occurrences.find((o) => o.key === key);
  if (!event) {
    return (
      <Stack gap="md">
        {back}
        <EmptyState title="This event is not on your schedule">
          It may have been removed, or it is more than four weeks away.
        </EmptyState>
      </Stack>
    );
  }
  const team = teams.data?.find((t) => t.id === event.team?.id);
  const athleteName = (id: number) => {
    const athlete = team?.athletes.find((a) => a.id === id);
    return athlete ? [athlete.firstName, athlete.lastName].filter(Boolean).join(' ') : 'your athlete';
  };
  const place = [event.facility, event.location].filter(Boolean).join(', ');
  const when = event.allDay ? 'All day' : `${timeLabel(event.start, timezone)} – ${timeLabel(event.end, timezone)}`;
  const mine = answers[key] ?? [];
  const teamCounts = counts[key];
  const closed = event.status === 'CANCELLED' || new Date(event.end).getTime() <= Date.now();
  return (
    <Stack gap="md">
      {back}
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="light">{EVENT_TYPE_LABELS[event.type]}</Badge>
          {event.status === 'CANCELLED' && (
            <Badge color="red" variant="light">
              Cancelled
            </Badge>
          )}
        </Group>
        <Title order={1} size="h2">
          {event.title}
        </Title>
        {event.team && <Text c="dimmed">{event.team.name}</Text>}
      </Stack>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Text fw={600}>{dayLabel(event.start, timezone)}</Text>
          <Text>{when}</Text>
          {event.opponent && (
            <Text>
              vs {event.opponent}
              {event.homeAway ? ` (${event.homeAway === 'HOME' ? 'home' : 'away'})` : ''}
            </Text>
          )}
          {place ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={20} aria-hidden="true" />
              <Stack gap={2}>
                <Text>{place}</Text>
                <Anchor href={mapLink(place)} target="_blank" rel="noopener noreferrer">
                  Open in Maps
                </Anchor>
              </Stack>
            </Group>
          ) : (
            <Text c="dimmed">No place given yet.</Text>
          )}
          {event.transportation && <Text>Transportation: {event.transportation}</Text>}
          {event.notes && <Text style={{ whiteSpace: 'pre-wrap' }}>{event.notes}</Text>}
        </Stack>
      </Paper>
      {teamCounts && (
        <Paper withBorder radius="md" p="sm" component="section" aria-label="Who is coming">
          <Text fw={600}>Who is coming</Text>
          <Text>{availabilityText(teamCounts) || 'Nobody on the roster yet'}</Text>
        </Paper>
      )}
      {mine.length > 0 &&
        (closed ? (
          <Alert variant="light">
            {event.status === 'CANCELLED' ? 'This event is cancelled.' : 'This event has taken place.'}
          </Alert>
        ) : (
          mine.map((answer) => (
            <AvailabilityForm
              key={`${answer.athleteId}:${answer.status}:${answer.note}`}
              occurrence={event}
              answer={answer}
              athleteName={team?.as === 'GUARDIAN' ? athleteName(answer.athleteId) : null}
            />
          ))
        ))}
      {mine.length === 0 && !teamCounts && event.team && (
        <Text size="sm" c="dimmed">
          Availability is answered by the team’s athletes and their families.
        </Text>
      )}
      <Button variant="default" component={Link} to="/schedule">
        Back to the schedule
      </Button>
    </Stack>
  );
}
