import { newGuardianSchema, type PersonPick, RELATIONSHIPS } from '@fieldhouse/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink, IconUnlink, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type PersonPage, PersonPicker } from '../../../components/person-picker.tsx';
import { personName } from '../../../lib/person-name.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { linkGuardian, unlinkGuardian, updateGuardianLink } from '../api/family.ts';
import { peopleKeys, searchPeople } from '../api/people-search.ts';
import { userDetailQueryOptions, usersKeys } from '../api/users-queries.ts';

const relationshipOptions = (current?: string) =>
  [...new Set([...RELATIONSHIPS, ...(current ? [current] : [])])].map((r) => ({ value: r, label: r }));

/**
 * An athlete's guardians, changed at once (each change is saved and can be undone): the
 * relationship, unlinking, linking someone already in the school, or adding a new guardian.
 */
export function GuardiansEditor({ athlete }: { athlete: { id: number; firstName: string; lastName?: string | null } }) {
  const queryClient = useQueryClient();
  const detail = useQuery(userDetailQueryOptions(athlete.id));
  const [picked, setPicked] = useState<PersonPick[]>([]);
  const [relationship, setRelationship] = useState<string>('Mother');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['teams'] }),
    ]);
  const who = personName(athlete);

  const link = useMutation({
    mutationFn: (input: Parameters<typeof linkGuardian>[1]) => linkGuardian(athlete.id, input),
    onSuccess: async () => {
      await refresh();
      setError(null);
    },
    onError: (e) => setError(e.message),
  });
  const unlink = useMutation({
    mutationFn: (guardian: { id: number; relationship: string; name: string }) =>
      unlinkGuardian(athlete.id, guardian.id),
    onSuccess: async (_, guardian) => {
      await refresh();
      toast.success(`${guardian.name} is no longer linked to ${who}`, {
        duration: 8000,
        action: {
          label: 'Undo',
          onClick: () =>
            void linkGuardian(athlete.id, { guardianId: guardian.id, relationship: guardian.relationship })
              .then(refresh)
              .catch((e: Error) => toast.error(e.message)),
        },
      });
    },
    onError: (e) => toast.error(e.message),
  });
  const relate = useMutation({
    mutationFn: ({ guardianId, value }: { guardianId: number; value: string }) =>
      updateGuardianLink(athlete.id, guardianId, { relationship: value }),
    onSuccess: async () => {
      await refresh();
      toast.success('Relationship saved');
    },
    onError: (e) => toast.error(e.message),
  });
  const form = useForm({
    initialValues: { firstName: '', lastName: athlete.lastName ?? '', email: '', contactNumber: '' },
    validate: zodValidate(newGuardianSchema),
  });

  const guardians = detail.data?.guardians ?? [];
  const linked = new Set(guardians.map((g) => g.id));
  const query = { role: 'PARENT', search: '' } as const;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Guardians</Text>
        <Text size="xs" c="dimmed">
          Changes here are saved at once
        </Text>
      </Group>
      {error && (
        <Alert color="red" variant="light" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {detail.isSuccess && guardians.length === 0 && (
        <Text size="sm" c="dimmed">
          No guardian linked yet. Guardians see what coaches write to {athlete.firstName}.
        </Text>
      )}
      {guardians.map((g) => (
        <Paper key={g.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {personName(g)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[g.email, g.contactNumber].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Select
                size="xs"
                w={130}
                aria-label={`${personName(g)}’s relationship to ${who}`}
                data={relationshipOptions(g.relationship)}
                value={g.relationship}
                allowDeselect={false}
                onChange={(value) => value && value !== g.relationship && relate.mutate({ guardianId: g.id, value })}
              />
              <Tooltip label="Unlink">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Unlink ${personName(g)}`}
                  loading={unlink.isPending && unlink.variables?.id === g.id}
                  onClick={() => unlink.mutate({ id: g.id, relationship: g.relationship, name: personName(g) })}
                >
                  <IconUnlink size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <PersonPicker
            single
            label="Link a guardian"
            placeholder="Search guardians by name or e-mail"
            queryKey={peopleKeys.search(query)}
            fetchPage={(search, page): Promise<PersonPage> => searchPeople({ ...query, search }, page)}
            value={picked}
            onChange={setPicked}
            unavailable={(p) => (linked.has(p.id) ? 'Linked' : null)}
          />
        </div>
        <RelationshipSelect value={relationship} onChange={setRelationship} />
        <Button
          variant="light"
          leftSection={<IconLink size={16} />}
          disabled={picked.length === 0}
          loading={link.isPending && !adding}
          onClick={() =>
            link.mutate(
              { guardianId: picked[0]?.id as number, relationship },
              {
                onSuccess: () => {
                  toast.success(
                    `${personName(picked[0] as PersonPick)} linked as ${relationship.toLowerCase()} of ${who}`,
                  );
                  setPicked([]);
                },
              },
            )
          }
        >
          Link
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUserPlus size={14} />}
        onClick={() => setAdding((a) => !a)}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={adding}
      >
        {adding ? 'Cancel new guardian' : 'Add a new guardian'}
      </Button>
      <Collapse expanded={adding}>
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
              <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="E-mail"
                withAsterisk
                type="email"
                description="They are invited to sign in"
                {...form.getInputProps('email')}
              />
              <TextInput label="Phone" placeholder="(217) 555-0142" {...form.getInputProps('contactNumber')} />
            </SimpleGrid>
            <Group justify="space-between" align="flex-end">
              <RelationshipSelect value={relationship} onChange={setRelationship} />
              <Button
                loading={link.isPending && adding}
                onClick={() => {
                  if (form.validate().hasErrors) return;
                  const values = form.getValues();
                  link.mutate(
                    { guardian: { ...values, contactNumber: values.contactNumber || null }, relationship },
                    {
                      onSuccess: () => {
                        toast.success(`${values.firstName} ${values.lastName} added and invited`);
                        form.reset();
                        setAdding(false);
                      },
                    },
                  );
                }}
              >
                Add and invite
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Collapse>
    </Stack>
  );
}

function RelationshipSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Select
      w={150}
      label="Relationship"
      data={relationshipOptions()}
      value={value}
      allowDeselect={false}
      onChange={(v) => onChange(v ?? 'Guardian')}
    />
  );
}
