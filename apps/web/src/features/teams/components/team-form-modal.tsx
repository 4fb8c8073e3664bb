import { currentSchoolYear, type Sport, type TeamSummary, teamInputSchema } from '@fieldhouse/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { zodValidate } from '../../../lib/zod-form.ts';
import { createTeam, teamsKeys, updateTeam } from '../api/teams-queries.ts';

export const LEVELS = {
  VARSITY: 'Varsity',
  JUNIOR_VARSITY: 'Junior varsity',
  FRESHMAN: 'Freshman',
  MIDDLE_SCHOOL: 'Middle school',
  CLUB: 'Club',
} as const;
export const GENDERS = { BOYS: 'Boys', GIRLS: 'Girls', COED: 'Coed' } as const;
export const SEASONS = { FALL: 'Fall', WINTER: 'Winter', SPRING: 'Spring', SUMMER: 'Summer' } as const;
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

type FormValues = { name: string; sportId: string; level: string; gender: string; season: string; schoolYear: string };

export function TeamFormModal({
  opened,
  onClose,
  sports,
  team,
}: {
  opened: boolean;
  onClose: () => void;
  sports: Sport[];
  team?: TeamSummary | undefined;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      name: team?.name ?? '',
      sportId: team ? String(team.Sport.id) : '',
      level: team?.level ?? 'VARSITY',
      gender: team?.gender ?? 'GIRLS',
      season: team?.season ?? 'FALL',
      schoolYear: team?.schoolYear ?? currentSchoolYear(),
    },
    validate: (values) => zodValidate(teamInputSchema)({ ...values, sportId: Number(values.sportId) || undefined }),
  });
  const mutation = useMutation({
    mutationFn: (values: FormValues) => {
      const input = { ...values, sportId: Number(values.sportId) } as Parameters<typeof createTeam>[0];
      return team ? updateTeam(team.id, input) : createTeam(input);
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: teamsKeys.all });
      toast.success(team ? `${saved.name} updated` : `${saved.name} created`);
      form.reset();
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={team ? `Edit ${team.name}` : 'New team'}
      size="lg"
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      error={error}
      saving={mutation.isPending}
      submitLabel={team ? 'Save changes' : 'Create team'}
    >
      <TextInput label="Team name" placeholder="Girls Varsity Soccer" withAsterisk {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Sport"
          withAsterisk
          searchable
          data={sports.map((s) => ({ value: String(s.id), label: s.name }))}
          {...form.getInputProps('sportId')}
        />
        <Select label="Level" data={options(LEVELS)} allowDeselect={false} {...form.getInputProps('level')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select label="Gender" data={options(GENDERS)} allowDeselect={false} {...form.getInputProps('gender')} />
        <Select label="Season" data={options(SEASONS)} allowDeselect={false} {...form.getInputProps('season')} />
        <TextInput label="School year" placeholder="2026-27" {...form.getInputProps('schoolYear')} />
      </SimpleGrid>
    </FormModal>
  );
}
