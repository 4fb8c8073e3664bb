import type { TeamDetail } from '@fieldhouse/shared';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconMessages, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SportIcon } from '../../../components/sport-icon.tsx';
import { TeamBadges } from './team-badges.tsx';

/** Back link, the team's name (the page's h1), its badges and the page actions (`actions`: other features' buttons). */
export function TeamHeader({ team, onEdit, actions }: { team: TeamDetail; onEdit: () => void; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Anchor size="sm" renderRoot={(props) => <Link to="/teams" search={{ season: 'ALL' }} {...props} />}>
          ← All teams
        </Anchor>
        <Group gap="sm" wrap="nowrap">
          <SportIcon icon={team.Sport.icon} size={28} />
          <Title order={1} fz="h2">
            {team.name}
          </Title>
        </Group>
        <TeamBadges team={team} />
      </Stack>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit team
        </Button>
        {actions}
        <Button
          leftSection={<IconMessages size={16} />}
          renderRoot={(props) => <Link to="/teams/$teamId/chats" params={{ teamId: String(team.id) }} {...props} />}
        >
          Team chats
        </Button>
      </Group>
    </Group>
  );
}
