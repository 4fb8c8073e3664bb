import type { ChatMessage } from '@fieldhouse/shared';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { Attachment } from './attachment.tsx';
import { messagePreview } from './message-preview.ts';
import { personName } from './person-name.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** One message: mine on the right, others' on the left with their name (team and group rooms). */
export function MessageBubble({
  message,
  mine,
  showSender,
}: {
  message: ChatMessage;
  mine: boolean;
  showSender: boolean;
}) {
  const system = message.messageType === 'SYSTEM';
  if (system) {
    return (
      <Text size="xs" c="dimmed" ta="center" px="lg">
        {message.content}
      </Text>
    );
  }
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-testid="message">
      {showSender && !mine && (
        <Text size="xs" c="dimmed" px={4}>
          {personName(message.sender)}
        </Text>
      )}
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="85%"
        bg={mine ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
        c={mine ? 'var(--mantine-primary-color-contrast)' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {message.replyTo && (
          <Box mb={4} pl={8} style={{ borderLeft: '3px solid currentColor', opacity: 0.85 }}>
            <Text size="xs" fw={600}>
              {message.replyTo.senderName}
            </Text>
            <Text size="xs" lineClamp={2}>
              {message.replyTo.unsent ? 'Message unsent' : message.replyTo.text}
            </Text>
          </Box>
        )}
        {message.unsent ? (
          <Text size="sm" fs="italic">
            Message unsent
          </Text>
        ) : (
          <>
            {message.content && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {message.content}
              </Text>
            )}
            {!message.content && message.media.length === 0 && <Text size="sm">{messagePreview(message)}</Text>}
            {message.media.map((m) => (
              <Attachment key={m.uuid} media={m} />
            ))}
          </>
        )}
      </Paper>
      <Text size="xs" c="dimmed" px={4}>
        {time(message.createdAt)}
        {message.editedAt && !message.unsent ? ' · edited' : ''}
      </Text>
    </Stack>
  );
}
