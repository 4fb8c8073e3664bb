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
  // One id per poll as written: sending it again after an unconfirmed delivery (503) must not post
  // it twice (the server answers a repeated id with the stored poll); an edit, or closing the
  // form, makes it another poll.
  const clientId = useRef(crypto.randomUUID());
  const renewId = () => {
    clientId.current = crypto.randomUUID();
  };
  const close = () => {
    renewId();
    onClose();
  };
  const form = useForm<Values>({
    initialValues: { question: '', options: ['', ''], multipleChoice: false },
    onValuesChange: () => {
      renewId();
      // The list's own error ("at least two options") goes once an option is written; the
      // form clears only the changed field's.
      form.clearFieldError('options');
    },
    validate: {
      question: (value) => (value.trim() ? null : 'Ask a question'),
      options: (value) => (value.filter((o) => o.trim()).length >= 2 ? null : 'Give at least two options'),
    },
  });

  const submit = form.onSubmit((values) => {
    const input: PollCreate = {
      roomId,
      clientId: clientId.current,
      question: values.question,
      options: values.options.filter((o) => o.trim()),
      multipleChoice: values.multipleChoice,
    };
    const parsed = pollCreateSchema.safeParse(input);
    if (!parsed.success) {
      form.setErrors({ question: parsed.error.issues[0]?.message ?? 'Check the poll' });
      return;
    }
    setSaving(true);
    socket
      .request(SOCKET_EVENTS.pollCreate, parsed.data)
      .then(() => {
        form.reset();
        close();
      })
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setSaving(false));
  });

  return (
    <Modal opened={opened} onClose={close} title="Create a poll" centered>
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
            <Button variant="default" onClick={close}>
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
