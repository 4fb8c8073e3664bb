import {
  canGrantRole,
  ROLE_LABELS,
  ROLES,
  type Role,
  type TeamSummary,
  type User,
  userCreateSchema,
  userUpdateSchema,
} from '@fieldhouse/shared';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { zodValidate } from '../../../lib/zod-form.ts';
import { createUser, updateUser, usersKeys } from '../api/users-queries.ts';
import { fullName } from './labels.ts';

/** Roles the actor may give (the server enforces the same rule, decision 007). */
export const grantableRoles = (actorRole: Role) => ROLES.filter((role) => canGrantRole(actorRole, role));

type Props = {
  opened: boolean;
  onClose: () => void;
  actorRole: Role;
  teams: TeamSummary[];
  /** Editing this user; creating when absent. */
  user?: User | undefined;
};

type FormValues = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  contactNumber: string;
  dateOfBirth: string;
  bio: string;
  teamIds: string[];
  coachRole: 'HEAD' | 'ASSISTANT';
};

function toPayload(values: FormValues, editing: boolean) {
  return {
    ...(editing ? {} : { email: values.email }),
    firstName: values.firstName,
    lastName: values.lastName || null,
    role: values.role,
    contactNumber: values.contactNumber || null,
    dateOfBirth: values.dateOfBirth || null,
    bio: values.bio || null,
    ...(editing ? {} : { teamIds: values.teamIds.map(Number), coachRole: values.coachRole }),
  };
}

export function UserFormModal({ opened, onClose, actorRole, teams, user }: Props) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const editing = Boolean(user);
  const form = useForm<FormValues>({
    initialValues: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: user?.role ?? 'ATHLETE',
      contactNumber: user?.contactNumber ?? '',
      dateOfBirth: user?.dateOfBirth ?? '',
      bio: user?.bio ?? '',
      teamIds: [],
      coachRole: 'ASSISTANT',
    },
    validate: (values) => zodValidate(editing ? userUpdateSchema : userCreateSchema)(toPayload(values, editing)),
  });

  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
      user
        ? updateUser(user.id, toPayload(values, true))
        : createUser(toPayload(values, false) as Parameters<typeof createUser>[0]),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      toast.success(editing ? `${fullName(saved)} updated` : `${fullName(saved)} added and invited by e-mail`);
      close();
    },
    onError: (e) => setError(e instanceof Error ? e.message : 'Could not save'),
  });

  const close = () => {
    setError(null);
    form.reset();
    onClose();
  };
  const roles = grantableRoles(actorRole);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? `Edit ${user ? fullName(user) : ''}` : 'Add a person'}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Last name" {...form.getInputProps('lastName')} />
          </Group>
          {!editing && (
            <TextInput
              label="E-mail"
              withAsterisk
              type="email"
              description="The invite goes here; it is also their sign-in."
              {...form.getInputProps('email')}
            />
          )}
          <Group grow align="flex-start">
            <Select
              label="Role"
              withAsterisk
              data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
            <TextInput label="Phone" placeholder="(217) 555-0142" {...form.getInputProps('contactNumber')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Date of birth" type="date" {...form.getInputProps('dateOfBirth')} />
            {!editing && (form.values.role === 'ATHLETE' || form.values.role === 'COACH') ? (
              <MultiSelect
                label={form.values.role === 'COACH' ? 'Coaches' : 'Teams'}
                data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
                searchable
                clearable
                {...form.getInputProps('teamIds')}
              />
            ) : (
              <div />
            )}
          </Group>
          {!editing && form.values.role === 'COACH' && (
            <Select
              label="Coaching role"
              data={[
                { value: 'HEAD', label: 'Head coach' },
                { value: 'ASSISTANT', label: 'Assistant coach' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('coachRole')}
            />
          )}
          <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps('bio')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save changes' : 'Add and invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
