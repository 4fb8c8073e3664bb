import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { type PollCreate, pollCreateSchema, SOCKET_EVENTS } from '@fieldhouse/shared';
import { ActionIcon, Button, Group, Input, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';

type Values = { question: string; options: string[]; multipleChoice: boolean };

/** Ask the room a question: two to ten options, one choice or several. */
export function PollModal({ roomId, opened, onClose }: { roomId: number; opened: boolean; onClose: () => void }) {
  const { socket } = useChat();
  const [saving, setSaving] = useState(false);
  // A poll sent again must carry its first id, or one the server stored but could not confirm
  // (503, decision 043) or whose answer was lost is posted twice; the server answers a repeated
  // id with the stored poll. So the id belongs to the poll as sent (room, question, options,
  // choice), kept until it is posted, and survives closing and reopening the form.
  const lastSent = useRef<{ poll: string; clientId: string } | null>(null);
  const idFor = (poll: Omit<PollCreate, 'clientId'>) => {
    const key = JSON.stringify(poll);
    if (lastSent.current?.poll !== key) lastSent.current = { poll: key, clientId: crypto.randomUUID() };
    return lastSent.current.clientId;
  };
  const form = useForm<Values>({
    initialValues: { question: '', options: ['', ''], multipleChoice: false },
    // The list's own error ("at least two options") goes once an option is written; the form
    // clears only the changed field's.
    onValuesChange: (values, previous) => {
      if (values.options.join('\n') !== previous.options.join('\n')) form.clearFieldError('options');
    },
    validate: {
      question: (value) => (value.trim() ? null : 'Ask a question'),
      options: (value) => (value.filter((o) => o.trim()).length >= 2 ? null : 'Give at least two options'),
    },
  });

  const submit = form.onSubmit((values) => {
    const poll = {
      roomId,
      question: values.question.trim(),
      options: values.options.map((o) => o.trim()).filter(Boolean),
      multipleChoice: values.multipleChoice,
    };
    const parsed = pollCreateSchema.safeParse({ ...poll, clientId: idFor(poll) });
    if (!parsed.success) {
      form.setErrors({ question: parsed.error.issues[0]?.message ?? 'Check the poll' });
      return;
    }
    setSaving(true);
    socket
      .request(SOCKET_EVENTS.pollCreate, parsed.data)
      .then(() => {
        lastSent.current = null;
        form.reset();
        onClose();
      })
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setSaving(false));
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Create a poll" centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Question"
            placeholder="Which practice time works best?"
            data-autofocus
            {...form.getInputProps('question')}
          />
          {form.values.options.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are positional fields; their index is their identity.
            <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={`Option ${index + 1}`}
                maxLength={100}
                {...form.getInputProps(`options.${index}`)}
              />
              {form.values.options.length > 2 && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => form.removeListItem('options', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {form.errors.options && <Input.Error>{form.errors.options}</Input.Error>}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              disabled={form.values.options.length >= 10}
              onClick={() => form.insertListItem('options', '')}
            >
              Add option
            </Button>
            <Switch label="Allow several choices" {...form.getInputProps('multipleChoice', { type: 'checkbox' })} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Post poll
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
