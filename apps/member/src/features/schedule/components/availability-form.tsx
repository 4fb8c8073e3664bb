import {
  AVAILABILITY_LABELS,
  AVAILABILITY_NOTE_MAX,
  AVAILABILITY_STATUSES,
  type AvailabilityScope,
  type AvailabilityStatus,
  type CalendarOccurrence,
  type MemberAnswer,
} from '@fieldhouse/shared';
import { Button, Paper, Radio, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSetAvailability } from '../api/set-availability.ts';

/**
 * Going / Maybe / Not going with an optional note, for one athlete (myself or my child). On a date
 * of a series it can go to this date and every later one too (decision 022).
 */
export function AvailabilityForm({
  occurrence,
  answer,
  athleteName,
}: {
  occurrence: CalendarOccurrence;
  answer: MemberAnswer;
  /** Shown when a guardian answers for a child; null for one's own answer. */
  athleteName: string | null;
}) {
  const save = useSetAvailability();
  const [status, setStatus] = useState<AvailabilityStatus | null>(answer.status);
  const [note, setNote] = useState(answer.note ?? '');
  const [scope, setScope] = useState<AvailabilityScope>('event');
  const inSeries = occurrence.seriesId !== null;
  const legend = athleteName ? `Is ${athleteName} coming?` : 'Are you coming?';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!status) {
      toast.error('Choose Going, Maybe or Not going.');
      return;
    }
    save.mutate(
      { occurrence, athleteId: answer.athleteId, status, note, scope: inSeries ? scope : 'event' },
      {
        onSuccess: (saved) =>
          toast.success(
            scope === 'series' && inSeries
              ? `${saved.message.replace('Availability saved', 'Saved')}: ${AVAILABILITY_LABELS[status]}`
              : `Saved: ${AVAILABILITY_LABELS[status]}`,
          ),
        onError: (e) => toast.error(e.message),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Text fw={600} id={`availability-${answer.athleteId}`}>
          {legend}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby={`availability-${answer.athleteId}`}
          value={status ?? ''}
          onChange={(value) => setStatus(value as AvailabilityStatus)}
          data={AVAILABILITY_STATUSES.map((s) => ({ value: s, label: AVAILABILITY_LABELS[s] }))}
        />
        <Textarea
          label="Note (optional)"
          placeholder="Running late, injured, …"
          autosize
          minRows={1}
          maxLength={AVAILABILITY_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {inSeries && (
          <Radio.Group label="Answer for" value={scope} onChange={(value) => setScope(value as AvailabilityScope)}>
            <Stack gap="xs" mt={6}>
              <Radio value="event" label="Just this event" />
              <Radio
                value="series"
                label="All upcoming in this series"
                description="This date and every later one; earlier dates keep their answers."
              />
            </Stack>
          </Radio.Group>
        )}
        <Button type="submit" loading={save.isPending}>
          Save answer
        </Button>
      </Stack>
    </Paper>
  );
}
