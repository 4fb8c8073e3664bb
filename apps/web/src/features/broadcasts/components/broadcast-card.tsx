import type { BroadcastSummary } from '@fieldhouse/shared';
import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FIRST_PAGE } from '../api/broadcasts-queries.ts';
import { audienceLine, STATUS_COLORS, STATUS_LABELS, whenText } from './broadcast-words.ts';

/** One broadcast in the list: its words, whom, when, and how many acknowledged. */
export function BroadcastCard({
  broadcast: b,
  timeZone,
}: {
  broadcast: BroadcastSummary;
  timeZone?: string | undefined;
}) {
  const when =
    b.status === 'SCHEDULED' ? `Goes out ${whenText(b.sendAt, timeZone)}` : whenText(b.sentAt ?? b.createdAt, timeZone);
  const share = b.recipients ? Math.round((b.acknowledged / b.recipients) * 100) : 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      renderRoot={(props) => (
        <Link to="/broadcasts/$broadcastId" params={{ broadcastId: String(b.id) }} search={FIRST_PAGE} {...props} />
      )}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2}>
            {b.content}
          </Text>
          <Badge color={STATUS_COLORS[b.status]} variant="light" style={{ flexShrink: 0 }}>
            {STATUS_LABELS[b.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {audienceLine(b)} · {when}
          {b.sender ? ` · ${b.sender.firstName} ${b.sender.lastName}` : ''}
        </Text>
        {b.status === 'SENT' && b.requireAck && (
          <Stack gap={2}>
            <Text size="sm">
              Acknowledged by {b.acknowledged} of {b.recipients}
            </Text>
            <Progress value={share} size="sm" aria-hidden />
          </Stack>
        )}
        {b.status === 'SENT' && !b.requireAck && <Text size="sm">Sent to {b.recipients} people</Text>}
      </Stack>
    </Card>
  );
}
