import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import type { PendingMessage } from '@fieldhouse/client/chat/socket/outbox.ts';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';

/** A message on its way: each file's upload progress, and Retry or Discard when it failed. */
export function PendingBubble({ item }: { item: PendingMessage }) {
  const { outbox } = useChat();
  const failed = item.status === 'failed';
  return (
    <Stack gap={2} align="flex-end" data-testid="pending-message">
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="85%"
        bg="var(--mantine-primary-color-light)"
        style={{ overflowWrap: 'anywhere' }}
      >
        {item.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.text}
          </Text>
        )}
        {item.files.map((f) => (
          <Stack key={f.key} gap={2} mt={4} miw={180}>
            <Text size="xs" truncate>
              {f.file.name}
            </Text>
            <Progress
              value={f.progress}
              size="sm"
              color={f.status === 'failed' ? 'red' : undefined}
              aria-label={`Uploading ${f.file.name}`}
            />
          </Stack>
        ))}
      </Paper>
      {failed ? (
        <Group gap={4}>
          <Text size="xs" c="red.8">
            {item.error ?? 'Not sent'}
          </Text>
          <Button size="compact-sm" variant="light" mih={44} onClick={() => outbox.retry(item.clientId)}>
            Retry
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            mih={44}
            onClick={() => outbox.discard(item.clientId)}
          >
            Discard
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" px={4}>
          {item.status === 'uploading' ? 'Uploading…' : 'Sending…'}
        </Text>
      )}
    </Stack>
  );
}
