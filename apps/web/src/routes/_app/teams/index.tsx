import { plural, type TeamSummary } from '@fieldhouse/shared';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResponsiveChoice } from '../../../components/responsive-choice.tsx';
import { SportIcon } from '../../../components/sport-icon.tsx';
import { sportsQueryOptions } from '../../../features/sports/api/sports-queries.ts';
import { teamsQueryOptions } from '../../../features/teams/api/teams-queries.ts';
import { TeamBadges } from '../../../features/teams/components/team-badges.tsx';
import { SEASONS, TeamFormModal } from '../../../features/teams/components/team-form-modal.tsx';

export const Route = createFileRoute('/_app/teams/')({
  validateSearch: z.object({ season: z.enum(['ALL', 'FALL', 'WINTER', 'SPRING', 'SUMMER']).catch('ALL') }),
  loader: ({ context }) => context.queryClient.ensureQueryData(teamsQueryOptions()),
  component: TeamsPage,
});

function TeamsPage() {
  const { season } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: teams } = useSuspenseQuery(teamsQueryOptions());
  const sports = useQuery(sportsQueryOptions());
  const [creating, setCreating] = useState(false);
  const shown = teams.filter((t) => season === 'ALL' || t.season === season);
  const bySport = new Map<string, TeamSummary[]>();
  for (const team of shown) bySport.set(team.Sport.name, [...(bySport.get(team.Sport.name) ?? []), team]);
  const athletes = shown.reduce((sum, t) => sum + t.athleteCount, 0);

  return (
    <>
      <PageHeader
        title="Teams"
        description={`${plural(shown.length, 'team')} · ${plural(athletes, 'roster place')}`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New team
          </Button>
        }
      />
      <ResponsiveChoice
        mb="lg"
        value={season}
        onChange={(value) => navigate({ search: { season: value }, replace: true })}
        data={[
          { value: 'ALL' as const, label: 'All seasons' },
          ...Object.entries(SEASONS).map(([value, label]) => ({ value: value as keyof typeof SEASONS, label })),
        ]}
        aria-label="Filter by season"
      />
      <Stack gap="xl">
        {[...bySport.entries()].map(([sport, list]) => (
          <Stack key={sport} gap="sm">
            <Group gap="xs">
              <ThemeIcon variant="light" size="md">
                <SportIcon icon={list[0]?.Sport.icon ?? ''} />
              </ThemeIcon>
              <Title order={4}>{sport}</Title>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.map((team) => (
                <Card
                  key={team.id}
                  withBorder
                  radius="md"
                  padding="md"
                  renderRoot={(props) => <Link to="/teams/$teamId" params={{ teamId: String(team.id) }} {...props} />}
                  style={{ textDecoration: 'none' }}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{team.name}</Text>
                      {team.status === 'ARCHIVED' && <Badge color="gray">Archived</Badge>}
                    </Group>
                    <TeamBadges team={team} />
                    <Group gap="lg" mt={4}>
                      <Group gap={4}>
                        <IconUsers size={16} />
                        <Text size="sm">{plural(team.athleteCount, 'athlete')}</Text>
                      </Group>
                      <Group gap={4}>
                        <IconClipboardList size={16} />
                        <Text size="sm">{plural(team.coachCount, 'coach')}</Text>
                      </Group>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        {teams.length === 0 && (
          <Stack align="center" gap="xs" py="xl">
            <Title order={2} fz="h4">
              No teams yet
            </Title>
            <Text c="dimmed" ta="center" maw={420}>
              Create your school’s teams (the sports catalogue has every common high-school sport), then add athletes
              and coaches to each.
            </Text>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create your first team
            </Button>
          </Stack>
        )}
        {teams.length > 0 && shown.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            No teams this season yet.
          </Text>
        )}
      </Stack>
      {creating && <TeamFormModal opened onClose={() => setCreating(false)} sports={sports.data ?? []} />}
    </>
  );
}
