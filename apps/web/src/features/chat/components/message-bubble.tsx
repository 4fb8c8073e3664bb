import { MessageEditor } from '@fieldhouse/client/chat/controls/message-editor.tsx';
import { MessageMenu } from '@fieldhouse/client/chat/controls/message-menu.tsx';
import { replyQuoteOf } from '@fieldhouse/client/chat/controls/reply-quote.ts';
import { useMessageControls } from '@fieldhouse/client/chat/controls/use-message-controls.ts';
import type { ChatMessage, Media } from '@fieldhouse/shared';
import { Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AttachmentView } from './attachment-view.tsx';
import { ChangeNoticeCard } from './change-notice-card.tsx';
import { useMessageSlots } from './message-slots.tsx';
import { PersonAvatar } from './person-avatar.tsx';
import { usePinning } from './pinned-message.tsx';
import { PollCard } from './poll-card.tsx';
import { BubbleQuote, useReplyDraft } from './reply-quote.tsx';

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
  /** Replaces the text bubble (the inline editor, the "Message unsent" placeholder). */
  body?: ReactNode;
  children?: ReactNode;
};

/** The shape of every message, stored or still sending: own on the right, others on the left. */
export function Bubble({
  own,
  sender,
  showSender,
  content,
  media,
  footer,
  highlighted,
  muted,
  body,
  children,
}: BubbleProps) {
  const name = sender ? [sender.firstName, sender.lastName].filter(Boolean).join(' ') : '';
  const still = useReducedMotion();
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
        {body}
        {!body && content && (
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
              transition: still ? undefined : 'outline-color 1s',
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

type Props = {
  message: ChatMessage;
  own: boolean;
  showSender: boolean;
  highlighted: boolean;
  /** Scrolls to and highlights the message a reply quotes. */
  onShowOriginal: (id: number) => void;
};

/** A stored message. Polls carry their question in the poll card, not twice. */
export function MessageBubble({ message, own, showSender, highlighted, onShowOriginal }: Props) {
  const controls = useMessageControls(message, own);
  const reply = useReplyDraft();
  const pinning = usePinning();
  const slots = useMessageSlots();
  const [editing, setEditing] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  const still = useReducedMotion();
  // Leaving the editor (saved or cancelled) puts the keyboard back on the message's menu button.
  useEffect(() => {
    if (wasEditing.current && !editing)
      frame.current?.querySelector<HTMLElement>('[aria-label="Message actions"]')?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (message.messageType === 'SYSTEM' && message.notice)
    return (
      <div id={`message-${message.id}`} data-message-id={message.id} data-highlighted={highlighted || undefined}>
        <ChangeNoticeCard notice={message.notice} time={timeOf(message.createdAt)} />
        {message.ack && slots.ack?.(message)}
      </div>
    );
  if (message.messageType === 'ANNOUNCEMENT' && slots.announcement)
    return (
      <div id={`message-${message.id}`} data-message-id={message.id} data-highlighted={highlighted || undefined}>
        {slots.announcement(message, timeOf(message.createdAt))}
      </div>
    );
  if (message.messageType === 'SYSTEM')
    return (
      <Text size="xs" c="dimmed" ta="center" px="xl" py={4} id={`message-${message.id}`} data-message-id={message.id}>
        {message.content} · {timeOf(message.createdAt)}
      </Text>
    );
  const body = message.unsent ? (
    <Paper px="sm" py={6} radius="lg" withBorder bg="transparent">
      <Text size="sm" fs="italic" c="dimmed">
        Message unsent
      </Text>
    </Paper>
  ) : editing && controls.canChange ? (
    <MessageEditor
      initial={message.content}
      onCancel={() => setEditing(false)}
      onSave={(content) => controls.edit(content).then(() => setEditing(false))}
    />
  ) : undefined;
  return (
    <div
      ref={frame}
      id={`message-${message.id}`}
      data-message-id={message.id}
      data-highlighted={highlighted || undefined}
      data-unsent={message.unsent || undefined}
      // Photos and polls have no text bubble to outline: the row lights up instead.
      style={{
        background: highlighted ? 'var(--mantine-color-yellow-light)' : undefined,
        transition: still ? undefined : 'background-color 1s',
      }}
    >
      <Bubble
        own={own}
        sender={message.sender}
        showSender={showSender}
        content={message.poll ? '' : message.content}
        media={message.media}
        highlighted={highlighted}
        body={body}
        footer={
          <>
            <Tooltip label={fullDate(message.createdAt)} openDelay={400}>
              <Text size="xs" c="dimmed">
                {timeOf(message.createdAt)}
                {message.editedAt && !message.unsent && ' · Edited'}
                {own && !message.unsent && ' · Sent'}
              </Text>
            </Tooltip>
            {!message.unsent && !editing && (
              <MessageMenu
                // The same quote the server will build, so the bar shows what the reply will carry.
                onReply={() => reply.start(replyQuoteOf(message))}
                onPin={pinning.canPin ? () => pinning.pin(message.id) : undefined}
                change={controls.canChange ? { onEdit: () => setEditing(true), onUnsend: controls.unsend } : undefined}
              />
            )}
          </>
        }
      >
        {message.replyTo && !message.unsent && <BubbleQuote quote={message.replyTo} onShow={onShowOriginal} />}
        {message.poll && <PollCard poll={message.poll} />}
      </Bubble>
    </div>
  );
}
