import { teamRoomsQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { Anchor, Group, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { PostAnnouncementButton } from '../../../../features/announcements/components/post-announcement.tsx';
import { ChatLayout, NoRoomSelected } from '../../../../features/chat/components/chat-layout.tsx';
import { ChatThread } from '../../../../features/chat/components/chat-thread.tsx';
import { teamDetailQueryOptions } from '../../../../features/teams/api/teams-queries.ts';

export const Route = createFileRoute('/_app/teams/$teamId/chats')({
  validateSearch: z.object({
    roomId: z.coerce.number().int().positive().optional().catch(undefined),
    messageId: z.coerce.number().int().positive().optional().catch(undefined),
  }),
  loader: ({ params }) => {
    const id = Number(params.teamId);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    return { teamId: id };
  },
  component: TeamChatsPage,
});

/** A team's chat rooms in the same thread as /messages (SPEC §2 `/teams/{teamId}/chats`). */
function TeamChatsPage() {
  const { teamId } = Route.useLoaderData();
  const { roomId, messageId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const team = useQuery(teamDetailQueryOptions(teamId));
  const rooms = useQuery(teamRoomsQueryOptions(teamId));
  // A wide screen opens the first room beside the list; a phone shows the list first (one pane).
  const wide = useMediaQuery('(min-width: 48em)', true);
  const openRoomId = roomId ?? (wide ? rooms.data?.[0]?.id : undefined);

  return (
    <ChatLayout
      threadOpen={openRoomId !== undefined}
      list={
        <Stack gap="xs" p="md">
          <Anchor
            size="sm"
            renderRoot={(props) => <Link to="/teams/$teamId" params={{ teamId: String(teamId) }} {...props} />}
          >
            <Group gap={4}>
              <IconArrowLeft size={14} /> Back to team
            </Group>
          </Anchor>
          <Title order={1} fz="h3">
            Team chats
          </Title>
          <Text fw={600}>{team.data?.name ?? <Skeleton h={20} w={160} />}</Text>
          <Text size="xs" c="dimmed">
            Team chats include the team's coaches, athletes and their guardians.
          </Text>
          {team.data && (
            <PostAnnouncementButton
              teamId={teamId}
              teamName={team.data.name}
              variant="light"
              onPosted={(posted) => void navigate({ search: { roomId: posted } })}
            />
          )}
          {rooms.isPending && <Skeleton h={44} />}
          {rooms.isError && (
            <Text c="red" size="sm">
              {rooms.error.message}
            </Text>
          )}
          {rooms.data?.map((room) => (
            <NavLink
              key={room.id}
              active={room.id === openRoomId}
              label={room.name ?? 'Team chat'}
              description={room.kind === 'TEAM' ? 'Whole team' : 'Group'}
              leftSection={<IconUsersGroup size={18} />}
              onClick={() => void navigate({ search: { roomId: room.id } })}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      }
      thread={
        openRoomId ? (
          <ChatThread
            key={openRoomId}
            roomId={openRoomId}
            messageId={messageId}
            onJumpToLatest={() => void navigate({ search: { roomId: openRoomId } })}
            onBack={() => void navigate({ search: {} })}
          />
        ) : (
          <NoRoomSelected title="No team chat yet" text="This team has no chat rooms." />
        )
      }
    />
  );
}
