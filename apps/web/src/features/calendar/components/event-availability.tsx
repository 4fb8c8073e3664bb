/**
 * "Who's coming" in the event drawer (decision 022): the roster's answers for this date, with
 * the absent and undecided first, because they are what a coach acts on.
 */
import { AVAILABILITY_LABELS, type AvailabilityEntry, type CalendarOccurrence } from '@fieldhouse/shared';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { availabilityQueryOptions } from '../api/availability-queries.ts';
import { AvailabilityBar } from './availability-bar.tsx';

const GROUPS = [
  { status: 'NOT_GOING', color: 'red' },
  { status: 'MAYBE', color: 'yellow' },
  { status: null, color: 'gray' },
  { status: 'GOING', color: 'teal' },
] as const;

const fullName = (p: { firstName: string; lastName: string | null }) => `${p.firstName} ${p.lastName ?? ''}`.trim();

function Entry({ entry }: { entry: AvailabilityEntry }) {
  const byOther = entry.repliedBy && entry.repliedBy.id !== entry.athlete.id ? entry.repliedBy : null;
  return (
    <Stack gap={0}>
      <Text size="sm">{fullName(entry.athlete)}</Text>
      {(entry.note || byOther || entry.forSeries) && (
        <Text size="xs" c="dimmed">
          {[
            entry.note ? `“${entry.note}”` : null,
            byOther ? `answered by ${fullName(byOther)}` : null,
            entry.forSeries ? 'for the whole series' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** A long group shows its first names and the rest on request: the absent stay in view. */
const FOLDED = 6;

function AnswerGroup({
  status,
  color,
  entries,
}: {
  status: AvailabilityEntry['status'];
  color: string;
  entries: AvailabilityEntry[];
}) {
  const [open, setOpen] = useState(false);
  const shown = open || entries.length <= FOLDED + 2 ? entries : entries.slice(0, FOLDED);
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Badge color={color} variant="light" size="sm">
          {AVAILABILITY_LABELS[status ?? 'NO_REPLY']}
        </Badge>
        <Text size="xs" c="dimmed">
          {entries.length}
        </Text>
      </Group>
      {shown.map((entry) => (
        <Entry key={entry.athlete.id} entry={entry} />
      ))}
      {shown.length < entries.length && (
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
          Show all {entries.length}
        </Button>
      )}
    </Stack>
  );
}

export function EventAvailability({ occurrence }: { occurrence: CalendarOccurrence }) {
  const availability = useQuery(availabilityQueryOptions(occurrence));
  return (
    <Stack gap="xs" aria-labelledby="event-availability-heading" component="section">
      <Title order={3} fz="h5" id="event-availability-heading">
        Who’s coming
      </Title>
      {availability.isPending && <Skeleton h={48} />}
      {availability.isError && (
        <QueryError
          what="Availability"
          error={availability.error}
          onRetry={() => availability.refetch()}
          retrying={availability.isFetching}
        />
      )}
      {availability.data && availability.data.entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No athletes on this team’s roster yet. Athletes and their guardians answer Going, Maybe or Not going, and
          their answers show here as they come in.
        </Text>
      )}
      {availability.data && availability.data.entries.length > 0 && (
        <>
          <AvailabilityBar counts={availability.data.counts} />
          {GROUPS.map(({ status, color }) => {
            const entries = availability.data.entries.filter((e) => e.status === status);
            return entries.length > 0 ? (
              <AnswerGroup key={status ?? 'none'} status={status} color={color} entries={entries} />
            ) : null;
          })}
        </>
      )}
    </Stack>
  );
}
