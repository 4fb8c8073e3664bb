import { type PersonPick, plural, type TeamDetail } from '@fieldhouse/shared';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type PersonPage, PersonPicker } from '../../../components/person-picker.tsx';
import { personName } from '../../../lib/person-name.ts';
import { peopleKeys, searchPeople } from '../../users/api/people-search.ts';
import { useAddCoaches, useRemoveCoach } from '../api/team-roster-mutations.ts';

/** The team's coaches; on a team without coaches the first one added becomes head coach. */
export function TeamCoachesCard({ team }: { team: TeamDetail }) {
  const [picked, setPicked] = useState<PersonPick[]>([]);
  const add = useAddCoaches(team.id);
  const remove = useRemoveCoach(team);
  const query = { role: 'COACH', search: '', teamId: team.id } as const;
  return (
    <Card withBorder radius="md">
      <Title order={2} fz="h4" mb="sm">
        Coaches · {plural(team.coaches.length, 'coach')}
      </Title>
      <Stack gap="sm">
        {team.coaches.map((coach) => (
          <Group key={coach.id} justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {personName(coach)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {coach.email}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Badge variant="light" color={coach.coachRole === 'HEAD' ? 'navy' : 'gray'}>
                {coach.coachRole === 'HEAD' ? 'Head' : 'Assistant'}
              </Badge>
              <Tooltip label="Remove from the team">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove coach ${personName(coach)}`}
                  onClick={() => remove.mutate(coach)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
        {team.coaches.length === 0 && (
          <Text size="sm" c="dimmed">
            No coaches yet. The first one you add becomes head coach.
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <PersonPicker
              label="Add coaches"
              placeholder="Search coaches"
              queryKey={peopleKeys.search(query)}
              fetchPage={(search, page): Promise<PersonPage> => searchPeople({ ...query, search }, page)}
              value={picked}
              onChange={setPicked}
              unavailable={(p) => (p.onTeam ? 'Coaches this team' : null)}
            />
          </div>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={picked.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                picked.map((p) => p.id),
                { onSuccess: () => setPicked([]) },
              )
            }
          >
            {picked.length > 1 ? `Add ${picked.length} coaches` : 'Add coach'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
