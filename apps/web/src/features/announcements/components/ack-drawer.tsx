import type { AckPerson } from '@fieldhouse/shared';
import { Alert, Avatar, Badge, Button, Drawer, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { personName } from '../../../lib/person-name.ts';
import { ackTrackingQueryOptions, announcementsKeys, nudgeMissing } from '../api/announcements-queries.ts';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const initials = (p: AckPerson) => `${p.firstName[0] ?? ''}${p.lastName?.[0] ?? ''}`.toUpperCase();

function PersonRow({ person }: { person: AckPerson }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between" data-person-id={person.id}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar size={32} radius="xl" color="initials" name={personName(person)} aria-hidden>
          {initials(person)}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {personName(person)}
          </Text>
          <Text size="xs" c="dimmed">
            {person.note}
          </Text>
        </Stack>
      </Group>
      {person.acknowledgedAt ? (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {timeOf(person.acknowledgedAt)}
        </Text>
      ) : (
        <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
          Missing
        </Badge>
      )}
    </Group>
  );
}

/**
 * "See who" (decision 027): how many acknowledged, who is missing (first) and who did, each with
 * why they were asked ("Guardian of Zoë Núñez"), and "Nudge the rest" (once per 15 minutes).
 * Full screen on a phone (decision 020); live through the tracking query's invalidation.
 */
export function AckDrawer({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const tracking = useQuery(ackTrackingQueryOptions(messageId));
  const [refusal, setRefusal] = useState<string | null>(null);
  const nudge = useMutation({
    mutationFn: () => nudgeMissing(messageId),
    onSuccess: (result) => {
      setRefusal(null);
      toast.success(
        result.nudged === 0
          ? 'Everyone has acknowledged: nobody to nudge'
          : `Reminded ${result.nudged} ${result.nudged === 1 ? 'person' : 'people'}`,
      );
      void queryClient.invalidateQueries({ queryKey: announcementsKeys.tracking(messageId) });
    },
    onError: (e) => {
      setRefusal(e.message);
      void queryClient.invalidateQueries({ queryKey: announcementsKeys.tracking(messageId) });
    },
  });
  const data = tracking.data;
  const missing = data?.people.filter((p) => p.acknowledgedAt === null) ?? [];
  const done = data?.people.filter((p) => p.acknowledgedAt !== null) ?? [];
  const waiting = data?.nextNudgeAt ? new Date(data.nextNudgeAt) : null;
  return (
    <Drawer opened onClose={onClose} position="right" size={phone ? '100%' : 'md'} title="Who acknowledged">
      {tracking.isPending && <Skeleton h={120} />}
      {tracking.isError && (
        <Alert color="red" title="Could not load the list">
          {tracking.error.message}
        </Alert>
      )}
      {data && (
        <Stack gap="md" data-ack-drawer={messageId}>
          <Stack gap={6}>
            <Text fw={700} aria-live="polite" aria-atomic>
              Acknowledged by {data.acknowledged} of {data.asked}
            </Text>
            <Progress
              value={data.asked ? (100 * data.acknowledged) / data.asked : 0}
              aria-label={`${data.acknowledged} of ${data.asked} acknowledged`}
            />
            {data.team && (
              <Text size="sm" c="dimmed">
                {data.kind === 'SCHEDULE_CHANGE' ? 'Schedule change' : 'Announcement'} to {data.team.name}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <Button
              leftSection={<IconBellRinging size={16} />}
              disabled={missing.length === 0 || waiting !== null}
              loading={nudge.isPending}
              onClick={() => nudge.mutate()}
            >
              Nudge the rest
            </Button>
            {waiting && (
              <Text size="xs" c="dimmed">
                Nudged at {timeOf(data.lastNudgedAt as string)}; you can nudge again at{' '}
                {waiting.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
              </Text>
            )}
            {refusal && (
              <Alert color="orange" variant="light">
                {refusal}
              </Alert>
            )}
          </Stack>
          <section aria-labelledby={`missing-${messageId}`}>
            <Title order={2} fz="h5" id={`missing-${messageId}`} mb="xs">
              Missing ({missing.length})
            </Title>
            {missing.length === 0 ? (
              <Text size="sm" c="dimmed">
                Everyone has acknowledged.
              </Text>
            ) : (
              <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                {missing.map((p) => (
                  <PersonRow key={p.id} person={p} />
                ))}
              </Stack>
            )}
          </section>
          <section aria-labelledby={`done-${messageId}`}>
            <Title order={2} fz="h5" id={`done-${messageId}`} mb="xs">
              Acknowledged ({done.length})
            </Title>
            {done.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody yet.
              </Text>
            ) : (
              <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
                {done.map((p) => (
                  <PersonRow key={p.id} person={p} />
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </Drawer>
  );
}
