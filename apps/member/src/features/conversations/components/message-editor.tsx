import { CHAT, isSendableText } from '@fieldhouse/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

/** Editing one's own message in place: Save and Cancel are 44 px; on a keyboard Enter saves and Escape cancels. */
export function MessageEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (content: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const save = () => {
    if (busy) return;
    if (text === initial) return onCancel();
    if (!isSendableText(text)) return;
    setBusy(true);
    // A refusal is a toast from the request; the editor stays open with the text.
    void onSave(text)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap={6} w="100%">
      <Textarea
        aria-label="Edit message"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={CHAT.maxMessageLength}
        autosize
        minRows={1}
        maxRows={6}
        size="md"
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (
            e.key === 'Enter' &&
            !e.shiftKey &&
            !e.nativeEvent.isComposing &&
            !matchMedia('(pointer: coarse)').matches
          ) {
            e.preventDefault();
            save();
          }
        }}
      />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" mih={44} onClick={onCancel}>
          Cancel
        </Button>
        <Button mih={44} loading={busy} disabled={!isSendableText(text)} onClick={save}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
