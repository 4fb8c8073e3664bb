import {
  canGrantRole,
  classLabel,
  ROLE_LABELS,
  ROLES,
  type Role,
  type TeamSummary,
  type User,
  userCreateSchema,
  userUpdateSchema,
} from '@fieldhouse/shared';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { zodValidate } from '../../../lib/zod-form.ts';
import { teamsKeys } from '../../teams/api/teams-queries.ts';
import { changeUserEmail, setUserTeams } from '../api/family.ts';
import { peopleKeys } from '../api/people-search.ts';
import { createUser, updateUser, usersKeys } from '../api/users-queries.ts';
import { GuardiansEditor } from './guardians-editor.tsx';
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
  graduationYear: number | string;
  bio: string;
  teamIds: string[];
  coachRole: 'HEAD' | 'ASSISTANT';
};

const onTeams = (role: Role) => role === 'ATHLETE' || role === 'COACH';
const teamIdsOf = (user: User | undefined) =>
  user
    ? [...user.JoinedTeams.map((t) => t.id), ...(user.Coach?.TeamCoaches.map((t) => t.teamId) ?? [])].map(String)
    : [];

function toPayload(values: FormValues, editing: boolean) {
  const graduationYear =
    values.role === 'ATHLETE' && values.graduationYear !== '' ? Number(values.graduationYear) : null;
  return {
    ...(editing ? {} : { email: values.email }),
    firstName: values.firstName,
    lastName: values.lastName || null,
    role: values.role,
    contactNumber: values.contactNumber || null,
    dateOfBirth: values.dateOfBirth || null,
    graduationYear,
    bio: values.bio || null,
    ...(editing
      ? {}
      : { teamIds: onTeams(values.role) ? values.teamIds.map(Number) : [], coachRole: values.coachRole }),
  };
}

/**
 * Add a person, or edit one: profile, class, e-mail (their sign-in follows), teams and, for an
 * athlete, guardians (saved as they are changed).
 */
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
      graduationYear: user?.graduationYear ?? '',
      bio: user?.bio ?? '',
      teamIds: teamIdsOf(user),
      coachRole: 'ASSISTANT',
    },
    validate: (values) => ({
      ...zodValidate(editing ? userUpdateSchema : userCreateSchema)(toPayload(values, editing)),
      ...(editing && !/^\S+@\S+\.\S+$/.test(values.email.trim()) ? { email: 'Enter a valid e-mail address' } : {}),
    }),
  });

  const mutation = useMutation({
    mutationFn: async (values: FormValues) => {
      if (!user) return createUser(toPayload(values, false) as Parameters<typeof createUser>[0]);
      let saved = await updateUser(user.id, toPayload(values, true));
      const email = values.email.trim().toLowerCase();
      if (email !== user.email) saved = await changeUserEmail(user.id, email);
      const before = teamIdsOf(user).sort().join();
      if (onTeams(values.role) && [...values.teamIds].sort().join() !== before) {
        saved = await setUserTeams(user.id, { teamIds: values.teamIds.map(Number), coachRole: values.coachRole });
      }
      return saved;
    },
    onSuccess: async (saved, values) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
      ]);
      const emailChanged = user && values.email.trim().toLowerCase() !== user.email;
      toast.success(
        editing
          ? `${fullName(saved)} updated${emailChanged ? '. Their sign-in is now their new e-mail; we told both addresses.' : ''}`
          : `${fullName(saved)} added and invited by e-mail`,
      );
      close();
    },
    onError: async (e) => {
      // A later step may have failed after the profile saved: show what is stored now.
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      setError(e instanceof Error ? e.message : 'Could not save');
    },
  });

  const close = () => {
    setError(null);
    form.reset();
    onClose();
  };
  const roles = grantableRoles(actorRole);
  const role = form.values.role;
  const formId = useId();
  const year = Number(form.values.graduationYear);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing && user ? `Edit ${fullName(user)}` : 'Add a person'}
      size="lg"
      centered
    >
      <form id={formId} onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Last name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="E-mail"
            withAsterisk
            type="email"
            description={
              editing
                ? 'Also their sign-in. If you change it, their sign-in changes too and both addresses are told.'
                : 'The invite goes here; it is also their sign-in.'
            }
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Role"
              withAsterisk
              data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
            <TextInput label="Phone" placeholder="(217) 555-0142" {...form.getInputProps('contactNumber')} />
          </SimpleGrid>
          {user?.role && onTeams(user.role) && role !== user.role && teamIdsOf(user).length > 0 && (
            <Alert color="yellow" variant="light" data-testid="role-leaves-teams">
              Saving this role takes {fullName(user)} off{' '}
              {new Intl.ListFormat('en', { type: 'conjunction' }).format(
                teamIdsOf(user).map((id) => teams.find((t) => String(t.id) === id)?.name ?? 'a team'),
              )}
              , and out of those teams’ conversations.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Date of birth" type="date" {...form.getInputProps('dateOfBirth')} />
            {role === 'ATHLETE' ? (
              <NumberInput
                label="Graduation year"
                placeholder="2028"
                description={year >= 1950 ? classLabel(year) : 'The class they graduate with'}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                min={1950}
                max={2100}
                {...form.getInputProps('graduationYear')}
              />
            ) : (
              <div />
            )}
          </SimpleGrid>
          {onTeams(role) && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <MultiSelect
                label={role === 'COACH' ? 'Coaches' : 'Teams'}
                placeholder={form.values.teamIds.length ? undefined : 'Choose teams'}
                data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
                searchable
                clearable
                {...form.getInputProps('teamIds')}
              />
              {role === 'COACH' && (
                <Select
                  label={editing ? 'Role on teams added now' : 'Coaching role'}
                  data={[
                    { value: 'HEAD', label: 'Head coach' },
                    { value: 'ASSISTANT', label: 'Assistant coach' },
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('coachRole')}
                />
              )}
            </SimpleGrid>
          )}
          <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps('bio')} />
        </Stack>
      </form>
      {/* Outside the form (its own fields must not submit it); its changes are saved as they are made. */}
      {editing && user && user.role === 'ATHLETE' && (
        <>
          <Divider my="lg" />
          <GuardiansEditor athlete={user} />
        </>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" form={formId} loading={mutation.isPending}>
          {editing ? 'Save changes' : 'Add and invite'}
        </Button>
      </Group>
    </Modal>
  );
}
