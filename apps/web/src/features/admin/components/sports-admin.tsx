import { SPORT_ICONS, type Sport, type SportIconKey, type SportInput, sportInputSchema } from '@fieldhouse/shared';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { SportIcon } from '../../../components/sport-icon.tsx';
import { zodValidate } from '../../../lib/zod-form.ts';
import {
  createSport,
  deleteSport,
  sportsKeys,
  sportsQueryOptions,
  updateSport,
} from '../../sports/api/sports-queries.ts';
import { teamsKeys } from '../../teams/api/teams-queries.ts';

/** The shared sports catalogue: a SUPER_ADMIN edits it, a director reads it. */
export function SportsAdmin({ canEdit }: { canEdit: boolean }) {
  const { data: sports = [] } = useQuery(sportsQueryOptions());
  const [editing, setEditing] = useState<Sport | 'new' | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (sport: Sport) => deleteSport(sport.id),
    onSuccess: async (_d, sport) => {
      await queryClient.invalidateQueries({ queryKey: sportsKeys.all });
      toast.success(`${sport.name} removed`);
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={4}>Sports</Title>
          <Text size="sm" c="dimmed">
            Shared by every organization; teams pick their sport from this list.
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New sport
          </Button>
        )}
      </Group>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Icon</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Icon key</Table.Th>
            {canEdit && <Table.Th w={100} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sports.map((sport) => (
            <Table.Tr key={sport.id}>
              <Table.Td>
                <SportIcon icon={sport.icon} size={22} />
              </Table.Td>
              <Table.Td fw={500}>{sport.name}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" ff="monospace">
                  {sport.icon}
                </Text>
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    <Tooltip label="Edit">
                      <ActionIcon variant="subtle" aria-label={`Edit ${sport.name}`} onClick={() => setEditing(sport)}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Remove (only when no team uses it)">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${sport.name}`}
                        loading={remove.isPending && remove.variables?.id === sport.id}
                        onClick={() => remove.mutate(sport)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <SportModal sport={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function SportModal({ sport, onClose }: { sport?: Sport | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SportInput>({
    initialValues: { name: sport?.name ?? '', icon: (sport?.icon as SportIconKey | undefined) ?? 'run' },
    validate: zodValidate(sportInputSchema),
  });
  const save = useMutation({
    mutationFn: (values: SportInput) => (sport ? updateSport(sport.id, values) : createSport(values)),
    onSuccess: async (saved) => {
      // Team lists show each team's sport: a rename shows there too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sportsKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
      ]);
      toast.success(`${saved.name} saved`);
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <FormModal
      onClose={onClose}
      title={sport ? `Edit ${sport.name}` : 'New sport'}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      error={error}
      saving={save.isPending}
    >
      <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
      <div>
        <Text size="sm" fw={500} mb={6}>
          Icon
        </Text>
        <SimpleGrid cols={6} spacing="xs" role="radiogroup" aria-label="Icon">
          {SPORT_ICONS.map((icon) => {
            const selected = form.values.icon === icon;
            return (
              <Tooltip key={icon} label={icon}>
                <UnstyledButton
                  role="radio"
                  aria-checked={selected}
                  aria-label={icon}
                  onClick={() => form.setFieldValue('icon', icon)}
                  p="xs"
                  style={{
                    display: 'flex',
                    justifyContent: 'center',
                    borderRadius: 8,
                    border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <SportIcon icon={icon} size={24} />
                </UnstyledButton>
              </Tooltip>
            );
          })}
        </SimpleGrid>
        {form.errors.icon && (
          <Text size="xs" c="red" mt={4}>
            {form.errors.icon}
          </Text>
        )}
      </div>
    </FormModal>
  );
}
