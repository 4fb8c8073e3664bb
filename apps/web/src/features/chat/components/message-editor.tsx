/** Inline editing of one's own message: Enter saves, Shift+Enter breaks the line, Escape cancels. */
import { CHAT, isSendableText } from '@fieldhouse/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

type Props = { initial: string; onSave: (content: string) => Promise<void>; onCancel: () => void };

export function MessageEditor({ initial, onSave, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const save = () => {
    if (busy) return;
    if (text === initial) return onCancel();
    if (!isSendableText(text)) return;
    setBusy(true);
    // A refusal is shown as a toast by the request; the editor stays open with the text.
    void onSave(text)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap={4} w={380} maw="100%">
      <Textarea
        aria-label="Edit message"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={CHAT.maxMessageLength}
        autosize
        minRows={1}
        maxRows={8}
        data-autofocus
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            save();
          }
        }}
      />
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="compact-sm" loading={busy} disabled={!isSendableText(text)} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
