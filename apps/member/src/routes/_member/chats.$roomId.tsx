import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { QueryState } from '../../components/query-state.tsx';
import { useMember } from '../../features/auth/use-auth.ts';
import { messagesQueryOptions, roomQueryOptions, useMarkRead } from '../../features/conversations/api/conversations.ts';
import { MessageBubble } from '../../features/conversations/components/message-bubble.tsx';
import { personName } from '../../features/conversations/components/person-name.ts';
import { RoomNotes } from '../../features/conversations/components/room-notes.tsx';

/** One conversation: its messages, oldest at the top, and who else reads along. */
export const Route = createFileRoute('/_member/chats/$roomId')({
  params: {
    parse: (p) => ({ roomId: z.coerce.number().int().positive().parse(p.roomId) }),
    stringify: (p) => ({ roomId: String(p.roomId) }),
  },
  component: ThreadPage,
});

function ThreadPage() {
  const { roomId } = Route.useParams();
  const member = useMember();
  const room = useQuery(roomQueryOptions(roomId));
  const history = useInfiniteQuery(messagesQueryOptions(roomId));
  const { mutate: markRead } = useMarkRead();
  const messages = history.data?.pages.flatMap((p) => p.messages) ?? [];
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    // Read again whenever a newer message shows.
    if (newest !== undefined) markRead(roomId);
  }, [roomId, newest, markRead]);

  const detail = room.data;
  const others = detail?.members.filter((m) => m.id !== member.user.id && m.reason === 'PARTICIPANT') ?? [];
  const title =
    detail?.kind === 'DIRECT'
      ? others.map(personName).join(', ') || 'Conversation'
      : (detail?.team?.name ?? detail?.name ?? 'Chat');

  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to="/chats"
        size="sm"
        style={{ alignSelf: 'flex-start', minHeight: 44, display: 'flex', alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden="true" /> Chats
      </Anchor>
      {!detail ? (
        <QueryState isError={room.isError} refetch={room.refetch} lines={1} />
      ) : (
        <>
          <Stack gap={2}>
            <Title order={1} size="h3">
              {title}
            </Title>
            {detail.kind !== 'DIRECT' && (
              <Text size="sm" c="dimmed">
                {detail.members.length} people
              </Text>
            )}
          </Stack>
          <RoomNotes room={detail} viewerId={member.user.id} />
        </>
      )}
      {history.hasPreviousPage && (
        <Group justify="center">
          <Button
            variant="subtle"
            loading={history.isFetchingPreviousPage}
            onClick={() => void history.fetchPreviousPage()}
          >
            Show earlier messages
          </Button>
        </Group>
      )}
      {!history.data ? (
        <QueryState isError={history.isError} refetch={history.refetch} lines={3} />
      ) : messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No messages yet. Say hello.
        </Text>
      ) : (
        <Stack gap="sm" role="log" aria-label="Messages" aria-live="polite">
          {messages.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.sender.id === member.user.id}
              showSender={detail?.kind !== 'DIRECT' || others.length > 1}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
