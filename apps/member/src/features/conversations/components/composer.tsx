import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { useFileDraft } from '@fieldhouse/client/chat/socket/file-draft.ts';
import { CHAT, type MessageQuote } from '@fieldhouse/shared';
import { ActionIcon, CloseButton, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCornerUpLeft, IconPaperclip, IconPhoto, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * Writing on a phone: the text grows to five lines, photos and files by button (the camera is one
 * of the choices the phone offers), send with the button; on a keyboard Enter sends and
 * Shift+Enter breaks the line. The shared outbox sends, uploads with progress and retries.
 * A reply shows its quote above the text until it is sent or cancelled (Escape or the close button).
 */
export function Composer({
  roomId,
  onTyping,
  onStopTyping,
  disabled,
  replyTo,
  onCancelReply,
}: {
  roomId: number;
  onTyping: () => void;
  onStopTyping: () => void;
  disabled: boolean;
  replyTo: MessageQuote | null;
  onCancelReply: () => void;
}) {
  const { outbox } = useChat();
  const [text, setText] = useState('');
  const { files, add: addFiles, remove: removeFile, clear: clearFiles } = useFileDraft();
  const tooLong = text.length > CHAT.maxMessageLength;
  const field = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply puts the keyboard in the composer.
  useEffect(() => {
    if (replyTo) field.current?.focus();
  }, [replyTo]);

  const send = () => {
    if (disabled || tooLong) return;
    const queued = outbox.send(roomId, files.length ? text.trim() : text, files, replyTo ?? undefined);
    if (!queued) return;
    setText('');
    clearFiles();
    onCancelReply();
    onStopTyping();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply();
      return;
    }
    // Phones' Enter breaks the line (their send is the button); a desktop keyboard's sends.
    if (
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing &&
      !matchMedia('(pointer: coarse)').matches
    ) {
      event.preventDefault();
      send();
    }
  };

  const empty = text.trim() === '' && files.length === 0;
  return (
    <Paper withBorder radius="lg" p={6} data-testid="composer">
      {replyTo && (
        <Group gap={6} wrap="nowrap" mb={6} pl={6} aria-label="Replying to" role="group">
          <IconCornerUpLeft size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Stack
            gap={0}
            style={{ flex: 1, minWidth: 0, borderLeft: '3px solid var(--mantine-primary-color-filled)' }}
            pl={6}
          >
            <Text size="xs" fw={600}>
              Replying to {replyTo.senderName}
            </Text>
            <Text size="xs" c="dimmed" truncate fs={replyTo.unsent ? 'italic' : undefined}>
              {replyTo.unsent ? 'Message unsent' : replyTo.text}
            </Text>
          </Stack>
          <CloseButton size="xl" aria-label="Cancel reply" onClick={onCancelReply} />
        </Group>
      )}
      {files.length > 0 && (
        <Stack gap={4} mb={6} aria-label="Files to send">
          {files.map((file, index) => (
            <Group key={`${file.name}-${file.size}-${file.lastModified}`} gap={6} wrap="nowrap">
              {file.type.startsWith('image/') ? (
                <IconPhoto size={16} aria-hidden="true" />
              ) : (
                <IconPaperclip size={16} aria-hidden="true" />
              )}
              <Text size="sm" truncate style={{ flex: 1 }}>
                {file.name}
              </Text>
              <CloseButton size="xl" aria-label={`Remove ${file.name}`} onClick={() => removeFile(index)} />
            </Group>
          ))}
        </Stack>
      )}
      <Group gap={4} wrap="nowrap" align="flex-end">
        <FileButton onChange={addFiles} multiple>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size={44} aria-label="Add photos or files" disabled={disabled}>
              <IconPaperclip size={22} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          ref={field}
          aria-label="Message"
          placeholder={disabled ? 'Messages are on hold' : 'Message'}
          autosize
          minRows={1}
          maxRows={5}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.currentTarget.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          error={tooLong ? `At most ${CHAT.maxMessageLength} characters (${text.length} now)` : undefined}
          variant="unstyled"
          size="md"
          style={{ flex: 1 }}
        />
        <ActionIcon size={44} radius="xl" aria-label="Send" onClick={send} disabled={disabled || empty || tooLong}>
          <IconSend size={20} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
