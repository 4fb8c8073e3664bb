import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { formatDisplayDate, type Poll, SOCKET_EVENTS } from '@fieldhouse/shared';
import { Badge, Box, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChartBar, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from 'sonner';

const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;

/** A poll in the thread: tap an option to vote (again to withdraw), with live tallies. */
export function PollCard({ poll }: { poll: Poll }) {
  const { socket, viewerId } = useChat();
  const [busy, setBusy] = useState(false);
  const total = poll.options.reduce((sum, o) => sum + o.votes, 0);
  const voters = new Set(poll.options.flatMap((o) => o.voterIds)).size;
  const mine = poll.options.filter((o) => o.voterIds.includes(viewerId)).map((o) => o.id);
  const closed = poll.closesAt !== null && Date.parse(poll.closesAt) < Date.now();

  const vote = (optionId: number) => {
    if (busy || closed) return;
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
    <Paper withBorder radius="md" p="sm" miw={0} w={380} maw="100%">
      <Stack gap="xs" role="group" aria-label={`Poll: ${poll.question}`}>
        <Group gap="xs" wrap="nowrap">
          <IconChartBar size={18} style={{ flexShrink: 0 }} />
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
          const tally = `${option.text}: ${votes(option.votes)}, ${share}%`;
          return (
            <Box key={option.id}>
              {/* A toggle per option, reached with Tab and pressed with Enter or Space. While a vote
                  is on its way the button stays focusable (aria-disabled): disabling it would drop
                  the keyboard user's focus to the page. */}
              <UnstyledButton
                w="100%"
                mih={32}
                aria-disabled={busy || closed || undefined}
                onClick={() => vote(option.id)}
                aria-pressed={chosen}
                aria-label={`${option.text}, ${votes(option.votes)}`}
                style={{ borderRadius: 'var(--mantine-radius-sm)', cursor: closed ? 'default' : undefined }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={6} wrap="nowrap" miw={0}>
                    {chosen && <IconCheck size={14} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />}
                    <Text size="sm" fw={chosen ? 600 : 400}>
                      {option.text}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {option.votes} · {share}%
                  </Text>
                </Group>
              </UnstyledButton>
              {/* Outside the button: a button's content is presentational, a progress bar needs its own name. */}
              <Progress value={share} size="sm" mt={4} color={chosen ? 'blue' : 'blue.2'} aria-label={tally} />
            </Box>
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
