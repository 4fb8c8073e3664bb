import { Anchor, Avatar, Badge, Button, Card, Grid, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconMessages, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { SportIcon } from '../../../../components/sport-icon.tsx';
import {
  addTeamCoach,
  addTeamMember,
  coachesQueryOptions,
  removeTeamMember,
  sportsQueryOptions,
  teamDetailQueryOptions,
  teamsKeys,
} from '../../../../features/teams/api/teams-queries.ts';
import { TeamBadges } from '../../../../features/teams/components/team-badges.tsx';
import { TeamFormModal } from '../../../../features/teams/components/team-form-modal.tsx';
import { usersQueryOptions } from '../../../../features/users/api/users-queries.ts';
import { ApiError } from '../../../../lib/api-client.ts';

export const Route = createFileRoute('/_app/teams/$teamId/')({
  loader: async ({ context, params }) => {
    const id = Number(params.teamId);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    try {
      return await context.queryClient.ensureQueryData(teamDetailQueryOptions(id));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw notFound();
      throw error;
    }
  },
  component: TeamPage,
});

const name = (p: { firstName: string; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');

function TeamPage() {
  const id = Number(Route.useParams().teamId);
  const queryClient = useQueryClient();
  const { data: team } = useSuspenseQuery(teamDetailQueryOptions(id));
  const sports = useQuery(sportsQueryOptions());
  const coaches = useQuery(coachesQueryOptions());
  const athletes = useQuery(
    usersQueryOptions({ page: 1, search: '', sort: 'lastName', order: 'asc', type: 'ATHLETE', limit: 100 }),
  );
  const [editing, setEditing] = useState(false);
  const [athleteToAdd, setAthleteToAdd] = useState<string | null>(null);
  const [coachToAdd, setCoachToAdd] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamsKeys.all });
  const mutate = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onSuccess: refresh,
    onError: (e) => toast.error(e.message),
  });
  const onRoster = new Set(team.athletes.map((a) => a.id));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Anchor size="sm" renderRoot={(props) => <Link to="/teams" search={{ season: 'ALL' }} {...props} />}>
            ← All teams
          </Anchor>
          <Group gap="sm">
            <SportIcon icon={team.Sport.icon} size={28} />
            <Title order={2}>{team.name}</Title>
          </Group>
          <TeamBadges team={team} />
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit team
          </Button>
          <Button
            leftSection={<IconMessages size={16} />}
            renderRoot={(props) => <Link to="/teams/$teamId/chats" params={{ teamId: String(team.id) }} {...props} />}
          >
            Team chats
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="sm">
              <Title order={4}>Roster · {team.athletes.length} athletes</Title>
              <Group gap="xs">
                <Select
                  placeholder="Add an athlete"
                  aria-label="Add an athlete"
                  searchable
                  data={(athletes.data?.data.result ?? [])
                    .filter((a) => !onRoster.has(a.id))
                    .map((a) => ({
                      value: String(a.id),
                      label: name({ firstName: a.firstName, lastName: a.lastName ?? null }),
                    }))}
                  value={athleteToAdd}
                  onChange={setAthleteToAdd}
                  w={220}
                />
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  disabled={!athleteToAdd}
                  onClick={() =>
                    mutate.mutate(() => addTeamMember(team.id, Number(athleteToAdd)).then(() => setAthleteToAdd(null)))
                  }
                >
                  Add
                </Button>
              </Group>
            </Group>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Athlete</Table.Th>
                  <Table.Th>Guardians</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.athletes.map((athlete) => (
                  <Table.Tr key={athlete.id}>
                    <Table.Td w={48}>
                      <Text fw={600}>{athlete.jerseyNumber ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" size={30} color="orange">
                          {athlete.firstName[0]}
                          {athlete.lastName?.[0]}
                        </Avatar>
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {name(athlete)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {athlete.email}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {athlete.guardians.length === 0 && (
                        <Text size="xs" c="dimmed">
                          None on file
                        </Text>
                      )}
                      {athlete.guardians.map((g) => (
                        <Text key={g.id} size="xs">
                          {name(g)} ({g.relationship}){g.contactNumber ? ` · ${g.contactNumber}` : ''}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td w={40}>
                      <Button
                        variant="subtle"
                        color="gray"
                        size="compact-sm"
                        aria-label={`Remove ${name(athlete)}`}
                        onClick={() => mutate.mutate(() => removeTeamMember(team.id, athlete.id))}
                      >
                        <IconX size={14} />
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {team.athletes.length === 0 && (
              <Text c="dimmed" ta="center" py="lg">
                No athletes on the roster yet.
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            <Card withBorder radius="md">
              <Title order={4} mb="sm">
                Coaches
              </Title>
              <Stack gap="sm">
                {team.coaches.map((coach) => (
                  <Group key={coach.id} justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {name(coach)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {coach.email}
                      </Text>
                    </Stack>
                    <Badge variant="light" color={coach.coachRole === 'HEAD' ? 'navy' : 'gray'}>
                      {coach.coachRole === 'HEAD' ? 'Head' : 'Assistant'}
                    </Badge>
                  </Group>
                ))}
                {team.coaches.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No coaches yet.
                  </Text>
                )}
                <Group gap="xs" wrap="nowrap">
                  <Select
                    placeholder="Add a coach"
                    aria-label="Add a coach"
                    searchable
                    data={(coaches.data ?? [])
                      .filter((c) => !team.coaches.some((tc) => tc.id === c.id))
                      .map((c) => ({ value: String(c.id), label: name(c) }))}
                    value={coachToAdd}
                    onChange={setCoachToAdd}
                    style={{ flex: 1 }}
                  />
                  <Button
                    variant="light"
                    disabled={!coachToAdd}
                    onClick={() =>
                      mutate.mutate(() =>
                        addTeamCoach(
                          team.id,
                          Number(coachToAdd),
                          team.coaches.length === 0 ? 'HEAD' : 'ASSISTANT',
                        ).then(() => setCoachToAdd(null)),
                      )
                    }
                  >
                    Add
                  </Button>
                </Group>
              </Stack>
            </Card>
            <Card withBorder radius="md">
              <Title order={4} mb={4}>
                Upcoming events
              </Title>
              <Text size="sm" c="dimmed">
                Games and practices appear here once the team has a schedule.
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <TeamFormModal opened onClose={() => setEditing(false)} sports={sports.data ?? []} team={team} />}
    </Stack>
  );
}
