import type { MemberTeam } from '@fieldhouse/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state.tsx';

const AS_LABELS: Record<MemberTeam['as'], string> = { COACH: 'Coach', ATHLETE: 'Athlete', GUARDIAN: 'Family' };

const name = (p: { firstName: string; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');

/** My teams; a guardian sees which of their children plays on each. */
export function MyTeams({ teams }: { teams: MemberTeam[] }) {
  if (teams.length === 0) {
    return (
      <EmptyState title="No teams yet">
        When your school adds you (or your child) to a team, it shows here with its schedule.
      </EmptyState>
    );
  }
  return (
    <Stack gap="xs">
      {teams.map((team) => (
        <Paper key={team.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {team.name}
              </Text>
              <Text size="sm" c="dimmed">
                {team.sportName}
                {team.as === 'GUARDIAN' && team.athletes.length > 0 && ` · ${team.athletes.map(name).join(', ')}`}
              </Text>
            </Stack>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {AS_LABELS[team.as]}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
