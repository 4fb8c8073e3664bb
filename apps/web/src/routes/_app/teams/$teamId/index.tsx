import { Grid, Stack } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { PostAnnouncementButton } from '../../../../features/announcements/components/post-announcement.tsx';
import { sportsQueryOptions } from '../../../../features/sports/api/sports-queries.ts';
import { teamDetailQueryOptions } from '../../../../features/teams/api/teams-queries.ts';
import { TeamCoachesCard } from '../../../../features/teams/components/team-coaches-card.tsx';
import { TeamEventsCard } from '../../../../features/teams/components/team-events-card.tsx';
import { TeamFormModal } from '../../../../features/teams/components/team-form-modal.tsx';
import { TeamHeader } from '../../../../features/teams/components/team-header.tsx';
import { TeamRosterCard } from '../../../../features/teams/components/team-roster-card.tsx';
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

function TeamPage() {
  const id = Number(Route.useParams().teamId);
  const { data: team } = useSuspenseQuery(teamDetailQueryOptions(id));
  const sports = useQuery(sportsQueryOptions());
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      <TeamHeader
        team={team}
        onEdit={() => setEditing(true)}
        actions={<PostAnnouncementButton teamId={team.id} teamName={team.name} />}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TeamRosterCard team={team} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            <TeamCoachesCard team={team} />
            <TeamEventsCard teamId={team.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <TeamFormModal opened onClose={() => setEditing(false)} sports={sports.data ?? []} team={team} />}
    </Stack>
  );
}
