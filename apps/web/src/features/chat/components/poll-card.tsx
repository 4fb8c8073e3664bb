import { formatDisplayDate, type Poll, SOCKET_EVENTS } from '@fieldhouse/shared';
import { Badge, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChartBar, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useChat } from '../realtime/chat-provider.tsx';

/** A poll in the thread: tap an option to vote (again to withdraw), with live tallies. */
export function PollCard({ poll }: { poll: Poll }) {
  const { socket, viewerId } = useChat();
  const [busy, setBusy] = useState(false);
  const total = poll.options.reduce((sum, o) => sum + o.votes, 0);
  const voters = new Set(poll.options.flatMap((o) => o.voterIds)).size;
  const mine = poll.options.filter((o) => o.voterIds.includes(viewerId)).map((o) => o.id);
  const closed = poll.closesAt !== null && Date.parse(poll.closesAt) < Date.now();

  const vote = (optionId: number) => {
    const chosen = mine.includes(optionId);
    const optionIds = poll.multipleChoice
      ? chosen
        ? mine.filter((id) => id !== optionId)
        : [...mine, optionId]
      : chosen
        ? []
        : [optionId];
    setBusy(true);
    socket
      .request(SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds })
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setBusy(false));
  };

  return (
    <Paper withBorder radius="md" p="sm" miw={260} maw={380}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconChartBar size={18} />
          <Text fw={700} size="sm">
            {poll.question}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {poll.multipleChoice ? 'Choose any' : 'Choose one'}
          {poll.closesAt && ` · ${closed ? 'Closed' : 'Closes'} ${formatDisplayDate(poll.closesAt)}`}
        </Text>
        {poll.options.map((option) => {
          const share = total ? Math.round((option.votes / total) * 100) : 0;
          const chosen = mine.includes(option.id);
          return (
            <UnstyledButton
              key={option.id}
              disabled={busy || closed}
              onClick={() => vote(option.id)}
              aria-pressed={chosen}
              aria-label={`${option.text}, ${option.votes} ${option.votes === 1 ? 'vote' : 'votes'}`}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  {chosen && <IconCheck size={14} color="var(--mantine-color-blue-6)" />}
                  <Text size="sm" fw={chosen ? 600 : 400}>
                    {option.text}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {option.votes} · {share}%
                </Text>
              </Group>
              <Progress value={share} size="sm" mt={4} color={chosen ? 'blue' : 'blue.2'} />
            </UnstyledButton>
          );
        })}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {voters} {voters === 1 ? 'person' : 'people'} voted
          </Text>
          {closed && (
            <Badge size="xs" color="gray">
              Closed
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
