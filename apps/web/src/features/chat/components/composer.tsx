import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { MAX_DRAFT_FILES, useFileDraft } from '@fieldhouse/client/chat/socket/file-draft.ts';
import { CHAT } from '@fieldhouse/shared';
import { ActionIcon, CloseButton, FileButton, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconPaperclip, IconPhoto, IconSend, IconUpload } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { PollModal } from './poll-modal.tsx';
import { ReplyBar, useReplyDraft } from './reply-quote.tsx';

type Props = {
  roomId: number;
  placeholder: string;
  /** Where dropped files go, for the full-window drop overlay. */
  recipient: string;
  onTyping: () => void;
  onStopTyping: () => void;
  autoFocus?: boolean | undefined;
};

/**
 * Writing a message: Enter sends, Shift+Enter breaks the line, 5000 characters at most; files by
 * button, drag and drop or paste, each checked against the 100 MB limit before it is queued.
 * A reply (decision 023) shows its quote above; Escape or the close button drops it.
 */
export function Composer({ roomId, placeholder, recipient, onTyping, onStopTyping, autoFocus }: Props) {
  const { outbox } = useChat();
  // Fingers need 44 px targets (WCAG 2.5.8 asks 24, Apple and Android 44); a mouse is fine with 34.
  const phone = useMediaQuery('(max-width: 48em)');
  const buttonSize = phone ? 'xl' : 'lg';
  const [text, setText] = useState('');
  const { files, add: addFiles, remove: removeFile, clear: clearFiles } = useFileDraft();
  const [pollOpen, setPollOpen] = useState(false);
  const tooLong = text.length > CHAT.maxMessageLength;
  const { replyTo, cancel: cancelReply } = useReplyDraft();
  const input = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply on a message leads straight to writing the answer.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const send = () => {
    // The outbox refuses empty or over-long text with the console warning of SPEC §5.
    const queued = outbox.send(roomId, files.length ? text.trim() : text, files, replyTo ?? undefined);
    if (!queued) return;
    cancelReply();
    setText('');
    clearFiles();
    onStopTyping();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      cancelReply();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length) {
      event.preventDefault();
      addFiles(pasted);
    }
  };

  return (
    <Paper
      withBorder={false}
      px={{ base: 'xs', sm: 'md' }}
      pb={{ base: 'xs', sm: 'md' }}
      pt="xs"
      data-testid="composer"
    >
      <Dropzone.FullScreen active onDrop={addFiles} multiple>
        <Stack align="center" justify="center" gap="xs" mih={200} style={{ pointerEvents: 'none' }}>
          <IconUpload size={48} stroke={1.5} />
          <Text size="xl" fw={600}>
            Drop files to send to {recipient}
          </Text>
          <Text size="sm" c="dimmed">
            Up to {MAX_DRAFT_FILES} files, {Math.round(CHAT.maxFileSizeBytes / (1024 * 1024))} MB each
          </Text>
        </Stack>
      </Dropzone.FullScreen>
      {replyTo && <ReplyBar quote={replyTo} onCancel={cancelReply} />}
      {files.length > 0 && (
        <Group gap="xs" mb="xs" aria-label="Files to send">
          {files.map((file, index) => (
            <Paper key={`${file.name}-${file.size}-${file.lastModified}`} withBorder radius="md" px="xs" py={4}>
              <Group gap={6} wrap="nowrap">
                {file.type.startsWith('image/') ? <IconPhoto size={16} /> : <IconPaperclip size={16} />}
                <Text size="xs" maw={180} truncate>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
                <CloseButton
                  size={phone ? 'lg' : 'xs'}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => removeFile(index)}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <FileButton onChange={addFiles} multiple>
          {(props) => (
            <Tooltip label="Attach files">
              <ActionIcon {...props} variant="subtle" color="gray" size={buttonSize} aria-label="Attach files">
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Tooltip label="Create a poll">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={buttonSize}
            aria-label="Create a poll"
            onClick={() => setPollOpen(true)}
          >
            <IconChartBar size={20} />
          </ActionIcon>
        </Tooltip>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={8}
          radius="lg"
          placeholder={placeholder}
          aria-label="Message"
          ref={input}
          // Only when opened from the list by keyboard, never on arrival: a phone would raise its keyboard.
          autoFocus={autoFocus}
          size={phone ? 'md' : 'sm'}
          value={text}
          error={tooLong}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={onStopTyping}
        />
        <Tooltip label="Send (Enter)">
          <ActionIcon
            size={buttonSize}
            radius="xl"
            aria-label="Send"
            onClick={send}
            disabled={tooLong || (text.trim().length === 0 && files.length === 0)}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" mt={4} px={4}>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          Enter to send · Shift+Enter for a new line
        </Text>
        {text.length > CHAT.maxMessageLength - 500 && (
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} fw={tooLong ? 600 : 400} aria-live="polite">
            {text.length.toLocaleString()} / {CHAT.maxMessageLength.toLocaleString()}
            {tooLong && ' · too long to send'}
          </Text>
        )}
      </Group>
      <PollModal roomId={roomId} opened={pollOpen} onClose={() => setPollOpen(false)} />
    </Paper>
  );
}
