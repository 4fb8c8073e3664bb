import { currentSchoolYear, SPORT_ICONS, type Sport, type SportIconKey, type TeamSummary } from '@fieldhouse/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { SportIcon } from '../../../components/sport-icon.tsx';
import { createSport, sportsKeys, sportsQueryOptions } from '../../sports/api/sports-queries.ts';
import { createTeam, teamsKeys, teamsQueryOptions } from '../../teams/api/teams-queries.ts';
import { setupKeys } from '../api/setup-queries.ts';

const LEVELS = {
  VARSITY: 'Varsity',
  JUNIOR_VARSITY: 'JV',
  FRESHMAN: 'Freshman',
  MIDDLE_SCHOOL: 'Middle School',
} as const;
const GENDERS = { GIRLS: 'Girls', BOYS: 'Boys', COED: 'Coed' } as const;
const SEASONS = { FALL: 'Fall', WINTER: 'Winter', SPRING: 'Spring', SUMMER: 'Summer' } as const;
type Level = keyof typeof LEVELS;
type Gender = keyof typeof GENDERS;
type Season = keyof typeof SEASONS;

/** When most US high schools play it; a school changes it per team. */
const USUAL_SEASON: Record<string, Season> = {
  Football: 'FALL',
  Volleyball: 'FALL',
  'Cross Country': 'FALL',
  'Field Hockey': 'FALL',
  'Flag Football': 'FALL',
  Golf: 'FALL',
  'Water Polo': 'FALL',
  Basketball: 'WINTER',
  Wrestling: 'WINTER',
  'Swimming & Diving': 'WINTER',
  'Ice Hockey': 'WINTER',
  Bowling: 'WINTER',
  'Competitive Cheer': 'WINTER',
  Gymnastics: 'WINTER',
  Skiing: 'WINTER',
  Dance: 'WINTER',
};
const option = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** "Girls Varsity Soccer", "Coed Cross Country": the name schools use. */
const teamName = (gender: Gender, level: Level, sport: string) =>
  [gender === 'COED' ? null : GENDERS[gender], level === 'VARSITY' && gender === 'COED' ? null : LEVELS[level], sport]
    .filter(Boolean)
    .join(' ');

/**
 * Step 3: teams from the standard catalogue of high-school sports (every install has it). Pick a
 * sport, then level, gender and season; the name fills itself in. A super admin can add a sport.
 */
export function TeamsStep({ canAddSports, onNext }: { canAddSports: boolean; onNext: () => void }) {
  const queryClient = useQueryClient();
  const sports = useQuery(sportsQueryOptions());
  const teams = useQuery(teamsQueryOptions());
  const [filter, setFilter] = useState('');
  const [sport, setSport] = useState<Sport | null>(null);
  const [level, setLevel] = useState<Level>('VARSITY');
  const [gender, setGender] = useState<Gender>('GIRLS');
  const [season, setSeason] = useState<Season>('FALL');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choose = (next: Sport) => {
    setSport(next);
    const nextSeason =
      USUAL_SEASON[next.name] ?? (['Baseball', 'Softball', 'Track & Field'].includes(next.name) ? 'SPRING' : 'FALL');
    setSeason(nextSeason);
    setName(teamName(gender, level, next.name));
  };
  const update = (patch: { level?: Level; gender?: Gender }) => {
    const l = patch.level ?? level;
    const g = patch.gender ?? gender;
    setLevel(l);
    setGender(g);
    if (sport) setName(teamName(g, l, sport.name));
  };

  const add = useMutation({
    mutationFn: () =>
      createTeam({
        name: name.trim(),
        sportId: sport?.id as number,
        level,
        gender,
        season,
        schoolYear: currentSchoolYear(),
      }),
    onSuccess: async (team: TeamSummary) => {
      setError(null);
      toast.success(`${team.name} created`);
      setSport(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
        queryClient.invalidateQueries({ queryKey: setupKeys.all }),
      ]);
    },
    onError: (e) => setError(e.message),
  });

  const shown = (sports.data ?? []).filter((s) => s.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const created = teams.data ?? [];

  return (
    <Stack gap="md">
      {created.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={600} mb={6}>
            Your teams ({created.length})
          </Text>
          <Group gap={6}>
            {created.map((t) => (
              <Badge
                key={t.id}
                variant="light"
                size="lg"
                tt="none"
                leftSection={<SportIcon icon={t.Sport.icon} size={14} />}
              >
                {t.name}
              </Badge>
            ))}
          </Group>
        </Paper>
      )}
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="h5">
          {sport ? `New ${sport.name} team` : 'Pick a sport'}
        </Title>
        {!sport && (
          <TextInput
            size="xs"
            placeholder="Find a sport"
            aria-label="Find a sport"
            leftSection={<IconSearch size={14} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
        )}
      </Group>
      {!sport && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {shown.map((s) => (
            <UnstyledButton
              key={s.id}
              onClick={() => choose(s)}
              aria-label={`Add a ${s.name} team`}
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Group gap="xs" wrap="nowrap">
                <SportIcon icon={s.icon} size={20} />
                <Text size="sm" fw={500}>
                  {s.name}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {sport && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light">
                {error}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Select
                label="Gender"
                data={option(GENDERS)}
                value={gender}
                allowDeselect={false}
                onChange={(v) => v && update({ gender: v as Gender })}
              />
              <Select
                label="Level"
                data={option(LEVELS)}
                value={level}
                allowDeselect={false}
                onChange={(v) => v && update({ level: v as Level })}
              />
              <Select
                label="Season"
                data={option(SEASONS)}
                value={season}
                allowDeselect={false}
                onChange={(v) => v && setSeason(v as Season)}
              />
            </SimpleGrid>
            <TextInput
              label="Team name"
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={name.trim() ? undefined : 'Team name is required'}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setSport(null)}>
                Back to sports
              </Button>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={!name.trim()}
                loading={add.isPending}
                onClick={() => add.mutate()}
              >
                Add team
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {canAddSports && !sport && <AddSport />}
      <Group justify="flex-end">
        <Button
          variant={created.length ? 'filled' : 'subtle'}
          onClick={onNext}
          rightSection={created.length ? <IconCheck size={16} /> : null}
        >
          {created.length ? 'Continue to the roster' : 'Skip for now'}
        </Button>
      </Group>
    </Stack>
  );
}

/** A super admin extends the shared catalogue (Admin → Sports edits it later). */
function AddSport() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [icon, setIcon] = useState<SportIconKey>('trophy');
  const add = useMutation({
    mutationFn: () => createSport({ name: name.trim(), icon }),
    onSuccess: async (sport) => {
      toast.success(`${sport.name} added to the sports catalogue`);
      setName('');
      await queryClient.invalidateQueries({ queryKey: sportsKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        size="xs"
        label="Missing a sport? Add it to the catalogue"
        placeholder="Ultimate Frisbee"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        size="xs"
        label="Icon"
        w={170}
        data={SPORT_ICONS.map((i) => ({ value: i, label: i.replaceAll('-', ' ') }))}
        value={icon}
        allowDeselect={false}
        onChange={(v) => v && setIcon(v as SportIconKey)}
        renderOption={({ option: o }) => (
          <Group gap={6}>
            <SportIcon icon={o.value} size={14} />
            <Text size="xs">{o.label}</Text>
          </Group>
        )}
      />
      <Button size="xs" variant="light" disabled={!name.trim()} loading={add.isPending} onClick={() => add.mutate()}>
        Add sport
      </Button>
    </Group>
  );
}
