import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventRow } from '../../components/event-row.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { pendingAnnouncementsQueryOptions } from '../../features/announcements/api/my-announcements.ts';
import { AnnouncementCards } from '../../features/announcements/components/announcement-cards.tsx';
import { useMember } from '../../features/auth/use-auth.ts';
import { conversationsQueryOptions, unreadQueryOptions } from '../../features/conversations/api/conversations.ts';
import { ConversationRow } from '../../features/conversations/components/conversation-row.tsx';
import { myTeamsQueryOptions } from '../../features/home/api/my-teams.ts';
import { MyTeams } from '../../features/home/components/my-teams.tsx';
import { upcomingScheduleQueryOptions } from '../../features/schedule/api/schedule.ts';
import { addDays } from '../../lib/dates.ts';

/** Shown on Home: the newest conversations with unread messages; the Chats tab has the rest. */
const UNREAD_ON_HOME = 3;

/** Home: what needs me (announcements to acknowledge, unread messages), what is next this week, my teams. */
export const Route = createFileRoute('/_member/')({
  // Every section's data asked for at once, as the route matches (while its code loads): the page
  // is drawn once with the answers instead of once per answer. What the cache holds already (a
  // visit back, the offline copy) is drawn at once and refreshed by the sections themselves. A
  // failed request does not hold the page: its section shows the error and a retry.
  loader: ({ context: { queryClient } }) => {
    const settled = (request: Promise<unknown>) => request.catch(() => undefined);
    return Promise.all([
      settled(queryClient.ensureQueryData(pendingAnnouncementsQueryOptions())),
      settled(queryClient.ensureQueryData(unreadQueryOptions())),
      settled(queryClient.ensureInfiniteQueryData(conversationsQueryOptions(''))),
      settled(queryClient.ensureQueryData(upcomingScheduleQueryOptions())),
      settled(queryClient.ensureQueryData(myTeamsQueryOptions())),
    ]);
  },
  component: HomePage,
});

/**
 * Each section asks for its own data: an answer re-draws its section only, not the whole page
 * (on a phone, four answers arriving one after another were four renders of everything).
 */
function HomePage() {
  const member = useMember();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Hi, {member.user.firstName}
      </Title>
      <AnnouncementsSection />
      <UnreadSection timeZone={member.organization?.timezone} />
      <WeekSection />
      <TeamsSection />
    </Stack>
  );
}

function AnnouncementsSection() {
  const announcements = useQuery(pendingAnnouncementsQueryOptions());
  const pending = announcements.data?.pendingCount ?? 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="home-announcements">
      <Group gap="xs">
        <Title order={2} size="h4" id="home-announcements">
          To acknowledge
        </Title>
        {pending > 0 && (
          <Badge color="red" aria-label={`${pending} waiting`}>
            {pending}
          </Badge>
        )}
      </Group>
      {announcements.data ? (
        <AnnouncementCards items={announcements.data.result} />
      ) : (
        <QueryState isError={announcements.isError} refetch={announcements.refetch} lines={1} />
      )}
    </Stack>
  );
}

function UnreadSection({ timeZone }: { timeZone: string | undefined }) {
  const conversations = useInfiniteQuery(conversationsQueryOptions(''));
  const unread = useQuery(unreadQueryOptions()).data;
  const unreadRooms = (conversations.data?.pages[0]?.result ?? []).filter((c) => c.unread > 0).slice(0, UNREAD_ON_HOME);
  return (
    <Stack gap="xs" component="section" aria-labelledby="home-unread">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4" id="home-unread">
            Unread messages
          </Title>
          {(unread?.rooms ?? 0) > 0 && (
            <Badge color="red" aria-label={`${unread?.rooms} conversations with unread messages`}>
              {unread?.rooms}
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to="/chats" size="sm">
          All chats
        </Anchor>
      </Group>
      {conversations.data ? (
        unreadRooms.length > 0 ? (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Unread conversations"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {unreadRooms.map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} timeZone={timeZone} />
              </li>
            ))}
          </Stack>
        ) : (
          <EmptyState title="No unread messages">
            New messages from your coaches, the athletic staff and your team chats appear here.
          </EmptyState>
        )
      ) : (
        <QueryState isError={conversations.isError} refetch={conversations.refetch} lines={1} />
      )}
    </Stack>
  );
}

function WeekSection() {
  const schedule = useQuery(upcomingScheduleQueryOptions());
  const weekEnd = addDays(new Date(), 7).getTime();
  const now = Date.now();
  const thisWeek = (schedule.data?.occurrences ?? []).filter(
    (o) => new Date(o.end).getTime() > now && new Date(o.start).getTime() < weekEnd,
  );
  return (
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
            Practices, games and meetings of your teams for the next seven days appear here. The Schedule tab shows the
            weeks after.
          </EmptyState>
        )
      ) : (
        <QueryState isError={schedule.isError} refetch={schedule.refetch} />
      )}
    </Stack>
  );
}

function TeamsSection() {
  const teams = useQuery(myTeamsQueryOptions());
  return (
    <Stack gap="xs" component="section" aria-labelledby="home-teams">
      <Title order={2} size="h4" id="home-teams">
        My teams
      </Title>
      {teams.data ? <MyTeams teams={teams.data} /> : <QueryState isError={teams.isError} refetch={teams.refetch} />}
    </Stack>
  );
}
