import type { TeamSummary } from '@fieldhouse/shared';
import { Badge, Group } from '@mantine/core';
import { GENDERS, LEVELS, SEASONS } from './team-form-modal.tsx';

/** Level, gender and season of a team, as the team list and team page show them. */
export function TeamBadges({ team }: { team: Pick<TeamSummary, 'level' | 'gender' | 'season' | 'schoolYear'> }) {
  return (
    <Group gap={6}>
      <Badge variant="light">{LEVELS[team.level]}</Badge>
      <Badge variant="light" color="gray">
        {GENDERS[team.gender]}
      </Badge>
      <Badge variant="light" color="teal">
        {SEASONS[team.season]} {team.schoolYear}
      </Badge>
    </Group>
  );
}
