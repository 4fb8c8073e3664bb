import { BROADCAST_TEMPLATES } from '@fieldhouse/shared';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  broadcastTemplatesQueryOptions,
  deleteBroadcastTemplate,
  saveBroadcastTemplate,
} from '../api/broadcast-templates.ts';
import { broadcastsKeys } from '../api/broadcasts-queries.ts';

/** A school template's value in the list; built-in ones use their own ids. */
const SCHOOL = 'school:';
export const isBuiltInTemplate = (value: string | null) => BROADCAST_TEMPLATES.some((t) => t.id === value);

/**
 * The composer's templates (decision 029): the built-in ones and the school's own in one list;
 * "Save as template" keeps the current words (and "Got it") under a name for the whole office,
 * and a chosen school template can be deleted. Its buttons are type="button": it sits inside the
 * composer's form.
 */
export function TemplatePicker({
  value,
  content,
  requireAck,
  onPick,
}: {
  value: string | null;
  content: string;
  requireAck: boolean;
  onPick: (value: string | null, filled: { content: string; requireAck?: boolean } | null) => void;
}) {
  const queryClient = useQueryClient();
  const school = useQuery(broadcastTemplatesQueryOptions());
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: broadcastsKeys.templates() });
  const save = useMutation({
    mutationFn: () => saveBroadcastTemplate({ name, content, requireAck }),
    onSuccess: (saved) => {
      refresh();
      toast.success(`Saved “${saved.name}” as a template`);
      setNaming(false);
      setName('');
      setError(null);
    },
    onError: (e) => setError(e.message),
  });
  const chosenSchool = (school.data ?? []).find((t) => `${SCHOOL}${t.id}` === value);
  const remove = useMutation({
    mutationFn: (id: number) => deleteBroadcastTemplate(id),
    onSuccess: (deleted) => {
      refresh();
      toast.success(`Deleted the template “${deleted.name}”`);
      onPick(null, null);
    },
    onError: (e) => toast.error(e.message),
  });

  const data = [
    { group: 'Built-in', items: BROADCAST_TEMPLATES.map((t) => ({ value: t.id, label: t.label })) },
    ...(school.data?.length
      ? [
          {
            group: 'Saved by your school',
            items: school.data.map((t) => ({ value: `${SCHOOL}${t.id}`, label: t.name })),
          },
        ]
      : []),
  ];
  const pick = (next: string | null) => {
    const builtIn = BROADCAST_TEMPLATES.find((t) => t.id === next);
    const own = (school.data ?? []).find((t) => `${SCHOOL}${t.id}` === next);
    onPick(
      next,
      builtIn ? { content: builtIn.content } : own ? { content: own.content, requireAck: own.requireAck } : null,
    );
  };
  const submitName = () => {
    if (!name.trim()) setError('Name the template');
    else if (!content.trim()) setError('Write the message first');
    else save.mutate();
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label="Template"
          placeholder="Start from a template (optional)"
          clearable
          data={data}
          value={value}
          onChange={pick}
        />
        {chosenSchool && (
          <Button
            type="button"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate(chosenSchool.id)}
          >
            Delete template
          </Button>
        )}
      </Group>
      {naming ? (
        <Group align="flex-start" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label="Template name"
            placeholder="Gym closed"
            maxLength={80}
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter names the template; it must not send the broadcast around it.
              if (e.key === 'Enter') {
                e.preventDefault();
                submitName();
              }
            }}
          />
          <Button type="button" mt={25} loading={save.isPending} onClick={submitName}>
            Save template
          </Button>
          <Button type="button" mt={25} variant="default" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Button
            type="button"
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDeviceFloppy size={14} />}
            onClick={() => setNaming(true)}
          >
            Save as template
          </Button>
          <Text size="xs" c="dimmed">
            Keeps this text for everyone in your office.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
