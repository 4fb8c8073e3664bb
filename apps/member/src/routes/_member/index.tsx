import { Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventRow } from '../../components/event-row.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { pendingAnnouncementsQueryOptions } from '../../features/announcements/api/my-announcements.ts';
import { AnnouncementCards } from '../../features/announcements/components/announcement-cards.tsx';
import { useMember } from '../../features/auth/use-auth.ts';
import { myTeamsQueryOptions } from '../../features/home/api/my-teams.ts';
import { MyTeams } from '../../features/home/components/my-teams.tsx';
import { upcomingScheduleQueryOptions } from '../../features/schedule/api/schedule.ts';
import { addDays } from '../../lib/dates.ts';

/** Home: what needs me (announcements to acknowledge), what is next this week, and my teams. */
export const Route = createFileRoute('/_member/')({
  component: HomePage,
});

function HomePage() {
  const member = useMember();
  const announcements = useQuery(pendingAnnouncementsQueryOptions());
  const schedule = useQuery(upcomingScheduleQueryOptions());
  const teams = useQuery(myTeamsQueryOptions());
  const weekEnd = addDays(new Date(), 7).getTime();
  const now = Date.now();
  const thisWeek = (schedule.data?.occurrences ?? []).filter(
    (o) => new Date(o.end).getTime() > now && new Date(o.start).getTime() < weekEnd,
  );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Hi, {member.user.firstName}
      </Title>

      <Stack gap="xs" component="section" aria-labelledby="home-announcements">
        <Group gap="xs">
          <Title order={2} size="h4" id="home-announcements">
            To acknowledge
          </Title>
          {(announcements.data?.pendingCount ?? 0) > 0 && (
            <Badge color="red" aria-label={`${announcements.data?.pendingCount} waiting`}>
              {announcements.data?.pendingCount}
            </Badge>
          )}
        </Group>
        {announcements.data ? (
          <AnnouncementCards items={announcements.data.result} />
        ) : (
          <QueryState isError={announcements.isError} refetch={announcements.refetch} lines={1} />
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="home-week">
        <Title order={2} size="h4" id="home-week">
          This week
        </Title>
        {schedule.data ? (
          thisWeek.length > 0 ? (
            thisWeek.map((o) => (
              <EventRow
                key={o.key}
                occurrence={o}
                timeZone={schedule.data.timezone}
                answers={schedule.data.answers[o.key]}
                showDay
              />
            ))
          ) : (
            <EmptyState title="Nothing scheduled this week">
              Practices, games and meetings of your teams for the next seven days appear here. The Schedule tab shows
              the weeks after.
            </EmptyState>
          )
        ) : (
          <QueryState isError={schedule.isError} refetch={schedule.refetch} />
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="home-teams">
        <Title order={2} size="h4" id="home-teams">
          My teams
        </Title>
        {teams.data ? <MyTeams teams={teams.data} /> : <QueryState isError={teams.isError} refetch={teams.refetch} />}
      </Stack>
    </Stack>
  );
}
