import { votesLabel } from '@fieldhouse/client/chat/controls/poll-vote.ts';
import { usePollVote } from '@fieldhouse/client/chat/controls/use-poll-vote.ts';
import { formatDisplayDate, type Poll } from '@fieldhouse/shared';
import { Group, Progress, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * A poll in a phone thread: each option is a 44 px toggle (tap to vote, another to change, the same
 * again to withdraw) with its live count; the shared hook sends `poll:vote` and `poll:update` brings
 * everyone's tallies.
 */
export function PollCard({ poll }: { poll: Poll }) {
  const { busy, closed, mine, voters, share, vote } = usePollVote(poll);
  return (
    <Stack gap={6} role="group" aria-label={`Poll: ${poll.question}`} miw={220}>
      <Text size="sm" fw={700}>
        {poll.question}
      </Text>
      <Text size="xs" opacity={0.8}>
        {poll.multipleChoice ? 'Choose any' : 'Choose one'}
        {poll.closesAt && ` · ${closed ? 'Closed' : 'Closes'} ${formatDisplayDate(poll.closesAt)}`}
      </Text>
      {poll.options.map((option) => {
        const chosen = mine.includes(option.id);
        return (
          // Stays focusable while a vote is on its way (aria-disabled), so the keyboard keeps its place.
          <UnstyledButton
            key={option.id}
            mih={44}
            px="xs"
            aria-pressed={chosen}
            aria-disabled={busy || closed || undefined}
            onClick={() => vote(option.id)}
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `1px solid ${chosen ? 'currentColor' : 'var(--mantine-color-default-border)'}`,
              background: 'var(--mantine-color-body)',
              color: 'var(--mantine-color-text)',
            }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap" miw={0}>
                {chosen && <IconCheck size={16} aria-hidden="true" style={{ flexShrink: 0 }} />}
                <Text size="sm" fw={chosen ? 600 : 400}>
                  {option.text}
                  {/* The button is named by what it shows; the comma makes a reader pause before the count. */}
                  <VisuallyHidden>,</VisuallyHidden>
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {votesLabel(option.votes)} · {share(option.votes)}%
              </Text>
            </Group>
            <Progress value={share(option.votes)} size={4} mt={4} mb={6} aria-hidden="true" />
          </UnstyledButton>
        );
      })}
      <Text size="xs" opacity={0.8}>
        {voters} {voters === 1 ? 'person' : 'people'} voted{closed ? ' · Closed' : ''}
      </Text>
    </Stack>
  );
}
