/**
 * Editing one's own message in place, for both apps: Enter saves, Shift+Enter breaks the line,
 * Escape cancels. A refusal is a toast from the request and the editor stays open with the text.
 * `touch` is the member app's phone-first behaviour, as its composer's: 44 px buttons, larger
 * text, and on a touch screen Enter breaks the line (Save is the button).
 */
import { CHAT, isSendableText } from '@fieldhouse/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

type Props = {
  initial: string;
  onSave: (content: string) => Promise<void>;
  onCancel: () => void;
  touch?: boolean;
};

export function MessageEditor({ initial, onSave, onCancel, touch = false }: Props) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const save = () => {
    if (busy) return;
    if (text === initial) return onCancel();
    if (!isSendableText(text)) return;
    setBusy(true);
    void onSave(text)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const button = touch ? ({ mih: 44 } as const) : ({ size: 'compact-sm' } as const);
  return (
    <Stack gap={touch ? 6 : 4} w={touch ? '100%' : 380} maw="100%">
      <Textarea
        aria-label="Edit message"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={CHAT.maxMessageLength}
        autosize
        minRows={1}
        maxRows={touch ? 6 : 8}
        size={touch ? 'md' : 'sm'}
        data-autofocus
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (
            e.key === 'Enter' &&
            !e.shiftKey &&
            !e.nativeEvent.isComposing &&
            !(touch && matchMedia('(pointer: coarse)').matches)
          ) {
            e.preventDefault();
            save();
          }
        }}
      />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" {...button} onClick={onCancel}>
          Cancel
        </Button>
        <Button {...button} loading={busy} disabled={!isSendableText(text)} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
