import { MessageEditor } from '@fieldhouse/client/chat/controls/message-editor.tsx';
import { MessageMenu } from '@fieldhouse/client/chat/controls/message-menu.tsx';
import { replyQuoteOf } from '@fieldhouse/client/chat/controls/reply-quote.ts';
import { useMessageControls } from '@fieldhouse/client/chat/controls/use-message-controls.ts';
import { messagePreview } from '@fieldhouse/client/chat/message-preview.ts';
import type { ChatMessage, MessageQuote } from '@fieldhouse/shared';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLongPress } from '../realtime/use-long-press.ts';
import { Attachment } from './attachment.tsx';
import { personName } from './person-name.ts';
import { PollCard } from './poll-card.tsx';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * One message: mine on the right, others' on the left with their name (team and group rooms).
 * Its menu (More, or a long press) replies, and edits or unsends one's own within the window.
 */
export function MessageBubble({
  message,
  mine,
  showSender,
  onReply,
}: {
  message: ChatMessage;
  mine: boolean;
  showSender: boolean;
  /** Absent while the room is on hold: nothing may be sent, so no reply either. */
  onReply?: ((quote: MessageQuote) => void) | undefined;
}) {
  const controls = useMessageControls(message, mine);
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const reply = onReply && !message.unsent ? () => onReply(replyQuoteOf(message)) : undefined;
  const change = controls.canChange ? { onEdit: () => setEditing(true), onUnsend: controls.unsend } : undefined;
  const hasActions = Boolean(reply || change) && !editing;
  const longPress = useLongPress(() => setMenuOpen(true), hasActions);

  if (message.messageType === 'SYSTEM') {
    return (
      <Text size="xs" c="dimmed" ta="center" px="lg">
        {message.content}
      </Text>
    );
  }
  const menu = hasActions && (
    <MessageMenu touch opened={menuOpen} onChange={setMenuOpen} onReply={reply} change={change} />
  );
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      data-testid="message"
      data-message-id={message.id}
      data-unsent={message.unsent || undefined}
    >
      {showSender && !mine && (
        <Text size="xs" c="dimmed" px={4}>
          {personName(message.sender)}
        </Text>
      )}
      <Group gap={2} wrap="nowrap" align="center" justify={mine ? 'flex-end' : 'flex-start'} w="100%">
        {mine && menu}
        {editing && controls.canChange ? (
          <Box w="85%">
            <MessageEditor
              touch
              initial={message.content}
              onCancel={() => setEditing(false)}
              onSave={(content) => controls.edit(content).then(() => setEditing(false))}
            />
          </Box>
        ) : (
          <Paper
            radius="lg"
            px="sm"
            py={6}
            maw="80%"
            withBorder={message.unsent}
            bg={
              message.unsent
                ? 'transparent'
                : mine
                  ? 'var(--mantine-primary-color-filled)'
                  : 'var(--mantine-color-default-hover)'
            }
            c={mine && !message.unsent ? 'var(--mantine-primary-color-contrast)' : undefined}
            // No text selection or callout while a long press opens the menu.
            style={{
              overflowWrap: 'anywhere',
              WebkitTouchCallout: 'none',
              userSelect: hasActions ? 'none' : undefined,
            }}
            {...longPress}
          >
            {message.replyTo && !message.unsent && (
              <Box mb={4} pl={8} style={{ borderLeft: '3px solid currentColor', opacity: 0.85 }}>
                <Text size="xs" fw={600}>
                  {message.replyTo.senderName}
                </Text>
                <Text size="xs" lineClamp={2} fs={message.replyTo.unsent ? 'italic' : undefined}>
                  {message.replyTo.unsent ? 'Message unsent' : message.replyTo.text}
                </Text>
              </Box>
            )}
            {message.unsent ? (
              <Text size="sm" fs="italic" c="dimmed">
                Message unsent
              </Text>
            ) : message.poll ? (
              <PollCard poll={message.poll} />
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
        )}
        {!mine && menu}
      </Group>
      <Text size="xs" c="dimmed" px={4}>
        {time(message.createdAt)}
        {message.editedAt && !message.unsent ? ' · Edited' : ''}
      </Text>
    </Stack>
  );
}
