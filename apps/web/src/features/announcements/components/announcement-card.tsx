import type { ChatMessage } from '@fieldhouse/shared';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { personName } from '../../../lib/person-name.ts';
import { AckSummary } from './ack-summary.tsx';

/**
 * An ANNOUNCEMENT in the thread (decision 027): a highlighted card (the colour's light tint, a
 * 4px rule, an icon and the word "Announcement": never colour alone), who posted it and when,
 * the text, and the acknowledgement line when it asks people.
 */
export function AnnouncementCard({ message, time }: { message: ChatMessage; time: string }) {
  const from = message.sender.firstName
    ? personName({ firstName: message.sender.firstName, lastName: message.sender.lastName ?? null })
    : 'Fieldhouse';
  return (
    <Box px="md" py={4}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        mx="auto"
        w={480}
        maw="100%"
        role="article"
        aria-label={`Announcement from ${from}`}
        data-announcement={message.id}
        style={{
          borderLeft: '4px solid var(--mantine-color-grape-filled)',
          background: 'var(--mantine-color-grape-light)',
        }}
      >
        <Stack gap={8}>
          <Group gap="xs" wrap="nowrap" align="center">
            <IconSpeakerphone
              size={20}
              color="var(--mantine-color-grape-light-color)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Badge color="grape" variant="light" size="sm">
              Announcement
            </Badge>
            <Text size="xs" c="dimmed">
              {from} · {time}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Text>
          {message.ack && <AckSummary message={message} />}
        </Stack>
      </Paper>
    </Box>
  );
}
