import { votesLabel as votes } from '@fieldhouse/client/chat/controls/poll-vote.ts';
import { usePollVote } from '@fieldhouse/client/chat/controls/use-poll-vote.ts';
import { formatDisplayDate, type Poll } from '@fieldhouse/shared';
import { Badge, Box, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconCheck } from '@tabler/icons-react';

/** A poll in the thread: tap an option to vote (again to withdraw), with live tallies. */
export function PollCard({ poll }: { poll: Poll }) {
  const { busy, closed, mine, voters, share: shareOf, vote } = usePollVote(poll);
  // 32 px options suit a mouse; a finger gets 44 (decision 020). An inline min-height, so not touch.css.
  const touch = useMediaQuery('(pointer: coarse)');

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
          const share = shareOf(option.votes);
          const chosen = mine.includes(option.id);
          const tally = `${option.text}: ${votes(option.votes)}, ${share}%`;
          return (
            <Box key={option.id}>
              {/* A toggle per option, reached with Tab and pressed with Enter or Space. While a vote
                  is on its way the button stays focusable (aria-disabled): disabling it would drop
                  the keyboard user's focus to the page. */}
              <UnstyledButton
                w="100%"
                mih={touch ? 44 : 32}
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
