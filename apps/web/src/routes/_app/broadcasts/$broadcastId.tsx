import { broadcastTrackingQuerySchema, plural } from '@fieldhouse/shared';
import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import {
  broadcastQueryOptions,
  broadcastsKeys,
  cancelBroadcast,
  nudgeBroadcast,
} from '../../../features/broadcasts/api/broadcasts-queries.ts';
import { BroadcastComposer } from '../../../features/broadcasts/components/broadcast-composer.tsx';
import { BroadcastPeople } from '../../../features/broadcasts/components/broadcast-people.tsx';
import {
  audienceLine,
  STATUS_COLORS,
  STATUS_LABELS,
  whenText,
} from '../../../features/broadcasts/components/broadcast-words.ts';

export const Route = createFileRoute('/_app/broadcasts/$broadcastId')({
  params: {
    parse: (p) => ({ broadcastId: String(Number.parseInt(p.broadcastId, 10) || 0) }),
    stringify: (p) => ({ broadcastId: p.broadcastId }),
  },
  validateSearch: broadcastTrackingQuerySchema,
  component: BroadcastPage,
});

/** One broadcast: its words, whom it reached and who is missing, live enough to refresh every 15 s. */
function BroadcastPage() {
  const id = Number(Route.useParams().broadcastId);
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const timeZone = state.status === 'signedIn' ? (state.organization?.timezone ?? undefined) : undefined;
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const tracking = useQuery({ ...broadcastQueryOptions(id, query), refetchInterval: 15_000 });
  const [editing, setEditing] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelBroadcast(id),
    onSuccess: (canceled) => {
      queryClient.setQueryData(broadcastsKeys.page(id, query), canceled);
      void queryClient.invalidateQueries({ queryKey: broadcastsKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: broadcastsKeys.lists() });
      toast.success('Scheduled broadcast cancelled');
    },
    onError: (e) => toast.error(e.message),
  });

  const remind = useMutation({
    mutationFn: () => nudgeBroadcast(id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: broadcastsKeys.one(id) });
      toast.success(`Reminded ${plural(result.nudged, 'person', 'people')}`);
    },
    onError: (e) => toast.error(e.message),
  });

  const back = (
    <Anchor size="sm" renderRoot={(props) => <Link to="/broadcasts" search={{ page: 1 }} {...props} />}>
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        All broadcasts
      </Group>
    </Anchor>
  );
  if (tracking.isPending) return <PageSkeleton />;
  if (tracking.isError) {
    return (
      <Stack>
        {back}
        <QueryError what="The broadcast" error={tracking.error} onRetry={() => void tracking.refetch()} />
      </Stack>
    );
  }
  const b = tracking.data;
  const share = b.recipients ? Math.round((b.acknowledged / b.recipients) * 100) : 0;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} fz="h2">
              Broadcast
            </Title>
            <Badge color={STATUS_COLORS[b.status]} variant="light">
              {STATUS_LABELS[b.status]}
            </Badge>
          </Group>
          <Text c="dimmed">
            {audienceLine(b)} ·{' '}
            {b.status === 'SCHEDULED'
              ? `goes out ${whenText(b.sendAt, timeZone)}`
              : whenText(b.sentAt ?? b.createdAt, timeZone)}
          </Text>
        </Stack>
        {b.status === 'SCHEDULED' && (
          <Group gap="xs">
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} />}
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel broadcast
            </Button>
          </Group>
        )}
      </Group>
      <Card withBorder radius="md">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{b.content}</Text>
      </Card>
      {b.status === 'SENT' && (
        <Stack gap={4}>
          <Text fw={600}>
            {b.requireAck
              ? `Acknowledged by ${b.acknowledged} of ${b.recipients}`
              : `Sent to ${plural(b.recipients, 'person', 'people')}`}
          </Text>
          {b.requireAck && <Progress value={share} aria-label={`${share}% acknowledged`} />}
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Posted in
            </Text>
            {b.messages.map((m) => (
              <Anchor
                key={m.messageId}
                size="sm"
                renderRoot={(props) => (
                  <Link to="/messages" search={{ roomId: m.roomId, messageId: m.messageId }} {...props} />
                )}
              >
                {b.teams.find((t) => t.id === m.teamId)?.name ?? 'Coaches’ room'}
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
      {b.status === 'SENT' && b.requireAck && b.missing > 0 && (
        <Group>
          <Button variant="light" loading={remind.isPending} onClick={() => remind.mutate()}>
            Nudge the rest
          </Button>
          <Text size="sm" c="dimmed">
            Reminds the {plural(b.missing, 'person', 'people')} who have not acknowledged, once every 15 minutes.
          </Text>
        </Group>
      )}
      {b.status === 'SENT' && (
        <BroadcastPeople
          tracking={b}
          query={query}
          onQuery={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
          timeZone={timeZone}
        />
      )}
      {b.status === 'CANCELED' && <Text c="dimmed">This broadcast was cancelled before it went out.</Text>}
      {editing && b.status === 'SCHEDULED' && (
        <BroadcastComposer
          timeZone={timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
          editing={b}
          onClose={() => setEditing(false)}
          onSent={(edited) => {
            setEditing(false);
            queryClient.setQueryData(broadcastsKeys.page(id, query), edited);
            void queryClient.invalidateQueries({ queryKey: broadcastsKeys.one(id) });
          }}
        />
      )}
    </Stack>
  );
}
