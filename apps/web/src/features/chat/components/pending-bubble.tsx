import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import type { PendingMessage } from '@fieldhouse/client/chat/socket/outbox.ts';
import { Button, CloseButton, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconClock, IconFile } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { Bubble } from './message-bubble.tsx';
import { BubbleQuote } from './reply-quote.tsx';

/** A message on its way: upload progress per file, then sending…, or failed with a retry. */
export function PendingBubble({ item }: { item: PendingMessage }) {
  const { outbox } = useChat();
  const failed = item.status === 'failed';
  return (
    <div data-pending-id={item.clientId} data-status={item.status}>
      <Bubble
        own
        showSender={false}
        content={item.text}
        media={[]}
        muted={!failed}
        footer={
          failed ? (
            <Group gap={6}>
              <IconAlertCircle size={14} color="var(--mantine-color-red-6)" />
              <Text size="xs" c="red">
                Failed{item.error ? `: ${item.error}` : ''}
              </Text>
              <Button size="compact-xs" variant="light" onClick={() => outbox.retry(item.clientId)}>
                Retry
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => outbox.discard(item.clientId)}>
                Discard
              </Button>
            </Group>
          ) : (
            <Group gap={4}>
              <IconClock size={12} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                {item.status === 'uploading' ? 'Uploading…' : 'Sending…'}
              </Text>
            </Group>
          )
        }
      >
        {item.replyTo && <BubbleQuote quote={item.replyTo} />}
        {item.files.map((f) => (
          <Paper key={f.key} withBorder radius="md" p="xs" w={280}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="md">
                <IconFile size={18} />
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {f.file.name}
                </Text>
                <Progress
                  value={f.progress}
                  size="sm"
                  color={f.status === 'failed' ? 'red' : f.status === 'done' ? 'teal' : 'blue'}
                  animated={f.status === 'uploading'}
                  aria-label={`Upload progress of ${f.file.name}`}
                  data-testid="upload-progress"
                />
                <Text size="xs" c={f.status === 'failed' ? 'red' : 'dimmed'}>
                  {f.status === 'failed'
                    ? f.error
                    : `${formatBytes(f.file.size)} · ${f.status === 'done' ? 'Uploaded' : `${f.progress}%`}`}
                </Text>
              </Stack>
              {f.status !== 'done' && (
                <CloseButton
                  size="sm"
                  aria-label={`Cancel upload of ${f.file.name}`}
                  onClick={() => outbox.cancelFile(item.clientId, f.key)}
                />
              )}
            </Group>
          </Paper>
        ))}
      </Bubble>
    </div>
  );
}
