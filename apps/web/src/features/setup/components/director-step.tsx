import { userCreateSchema } from '@fieldhouse/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { zodValidate } from '../../../lib/zod-form.ts';
import { createUser } from '../../users/api/users-queries.ts';
import { setupKeys } from '../api/setup-queries.ts';

type Values = { firstName: string; lastName: string; email: string };

/** Step 2: invite the school's athletic director (they choose a password at first sign-in). */
export function DirectorStep({
  organizationId,
  schoolName,
  alreadyInvited,
  onNext,
}: {
  organizationId: number;
  schoolName: string;
  alreadyInvited: boolean;
  onNext: () => void;
}) {
  const queryClient = useQueryClient();
  const [invited, setInvited] = useState<Values[]>([]);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: (values) =>
      zodValidate(userCreateSchema)({ ...values, role: 'ATHLETIC_DIRECTOR', lastName: values.lastName || null }),
  });
  const invite = useMutation({
    mutationFn: (values: Values) =>
      createUser({ ...values, role: 'ATHLETIC_DIRECTOR', organizationId, teamIds: [], linkedUserIds: [] }),
    onSuccess: async (_, values) => {
      setInvited((list) => [...list, values]);
      setError(null);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: setupKeys.all });
    },
    onError: (e) => setError(e.message),
  });
  return (
    <Stack gap="md" maw={640}>
      <Text size="sm" c="dimmed">
        The athletic director runs {schoolName} in Fieldhouse: teams, rosters, the calendar and messages. They get an
        e-mail with a temporary password and choose their own when they first sign in.
      </Text>
      {invited.map((p) => (
        <Alert key={p.email} color="green" variant="light" icon={<IconCheck size={18} />}>
          Invite sent to {p.firstName} {p.lastName} ({p.email}).
        </Alert>
      ))}
      {alreadyInvited && invited.length === 0 && (
        <Group gap="xs">
          <ThemeIcon color="green" variant="light" radius="xl" size="sm">
            <IconCheck size={14} />
          </ThemeIcon>
          <Text size="sm">{schoolName} already has an athletic director. You can invite another administrator.</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => invite.mutate(values))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Last name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Athletic director’s e-mail" type="email" withAsterisk {...form.getInputProps('email')} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={onNext}>
              {invited.length || alreadyInvited ? 'Continue' : 'Skip for now'}
            </Button>
            <Button type="submit" loading={invite.isPending} leftSection={<IconMailForward size={16} />}>
              Send invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
