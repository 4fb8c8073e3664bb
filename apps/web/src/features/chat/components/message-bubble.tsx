import type { ChatMessage, Media } from '@fieldhouse/shared';
import { Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { AttachmentView } from './attachment-view.tsx';
import { ChangeNoticeCard } from './change-notice-card.tsx';
import { PersonAvatar } from './person-avatar.tsx';
import { PollCard } from './poll-card.tsx';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const fullDate = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' });

type BubbleProps = {
  own: boolean;
  /** Sender name and avatar: shown for others' messages that start a run. */
  sender?: ChatMessage['sender'] | undefined;
  showSender: boolean;
  content: string;
  media: Media[];
  footer: ReactNode;
  highlighted?: boolean;
  muted?: boolean;
  children?: ReactNode;
};

/** The shape of every message, stored or still sending: own on the right, others on the left. */
export function Bubble({ own, sender, showSender, content, media, footer, highlighted, muted, children }: BubbleProps) {
  const name = sender ? [sender.firstName, sender.lastName].filter(Boolean).join(' ') : '';
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} align="flex-end" gap="xs" wrap="nowrap" px="md">
      {!own && (
        <Box w={32} style={{ flexShrink: 0 }}>
          {showSender && sender && (
            <PersonAvatar firstName={sender.firstName ?? ''} lastName={sender.lastName} size={32} />
          )}
        </Box>
      )}
      <Stack gap={4} align={own ? 'flex-end' : 'flex-start'} maw="75%" style={{ opacity: muted ? 0.7 : 1 }}>
        {showSender && !own && name && (
          <Text size="xs" c="dimmed" fw={600} px={4}>
            {name}
          </Text>
        )}
        {children}
        {media.map((m) => (
          <AttachmentView key={m.uuid} media={m} />
        ))}
        {content && (
          <Paper
            px="sm"
            py={6}
            radius="lg"
            bg={own ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
            c={own ? 'white' : undefined}
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              outline: highlighted ? '3px solid var(--mantine-color-yellow-5)' : undefined,
              transition: 'outline-color 1s',
            }}
          >
            <Text size="sm" inherit>
              {content}
            </Text>
          </Paper>
        )}
        <Group gap={4} px={4}>
          {footer}
        </Group>
      </Stack>
    </Group>
  );
}

type Props = { message: ChatMessage; own: boolean; showSender: boolean; highlighted: boolean };

/** A stored message. Polls carry their question in the poll card, not twice. */
export function MessageBubble({ message, own, showSender, highlighted }: Props) {
  if (message.messageType === 'SYSTEM' && message.notice)
    return (
      <div id={`message-${message.id}`} data-message-id={message.id} data-highlighted={highlighted || undefined}>
        <ChangeNoticeCard notice={message.notice} time={timeOf(message.createdAt)} />
      </div>
    );
  if (message.messageType === 'SYSTEM')
    return (
      <Text size="xs" c="dimmed" ta="center" px="xl" py={4} id={`message-${message.id}`}>
        {message.content} · {timeOf(message.createdAt)}
      </Text>
    );
  return (
    <div id={`message-${message.id}`} data-message-id={message.id} data-highlighted={highlighted || undefined}>
      <Bubble
        own={own}
        sender={message.sender}
        showSender={showSender}
        content={message.poll ? '' : message.content}
        media={message.media}
        highlighted={highlighted}
        footer={
          <Tooltip label={fullDate(message.createdAt)} openDelay={400}>
            <Text size="xs" c="dimmed">
              {timeOf(message.createdAt)}
              {own && ' · Sent'}
            </Text>
          </Tooltip>
        }
      >
        {message.poll && <PollCard poll={message.poll} />}
      </Bubble>
    </div>
  );
}
