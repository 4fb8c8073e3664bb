import { historyQueryOptions, roomDetailQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { typingText } from '@fieldhouse/client/chat/realtime/typing-store.ts';
import { usePending } from '@fieldhouse/client/chat/realtime/use-pending.ts';
import { useRoomSession } from '@fieldhouse/client/chat/realtime/use-room-session.ts';
import { useReadReceipt } from '@fieldhouse/client/chat/receipts/use-read-receipt.ts';
import type { MessageQuote } from '@fieldhouse/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Fragment, useRef, useState, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { BackLink } from '../../components/back-link.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useMember } from '../../features/auth/use-auth.ts';
import { Composer } from '../../features/conversations/components/composer.tsx';
import { MessageBubble } from '../../features/conversations/components/message-bubble.tsx';
import { OnlineStatus } from '../../features/conversations/components/online-status.tsx';
import { PendingBubble } from '../../features/conversations/components/pending-bubble.tsx';
import { personName } from '../../features/conversations/components/person-name.ts';
import { ReadReceipt } from '../../features/conversations/components/read-receipt.tsx';
import { RoomNotes } from '../../features/conversations/components/room-notes.tsx';
import { useStickToBottom } from '../../features/conversations/realtime/use-stick-to-bottom.ts';

/** One conversation, live: its messages oldest at the top, who is typing, and who else reads along. */
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
  const { typing } = useChat();
  const room = useQuery(roomDetailQueryOptions(roomId));
  const history = useInfiniteQuery(historyQueryOptions(roomId));
  const { typed, stopTyping } = useRoomSession(roomId);
  const { pending, messages } = usePending(roomId, history.data?.pages.flatMap((p) => p.messages) ?? []);
  const typists = useSyncExternalStore(typing.subscribe, () => typing.typists(roomId));
  const newest = messages.at(-1)?.id;
  const receipt = useReadReceipt(roomId, messages);

  const list = useRef<HTMLDivElement>(null);
  useStickToBottom(list, Boolean(history.data), `${newest}-${pending.length}`);

  const detail = room.data;
  const others = detail?.members.filter((m) => m.id !== member.user.id && m.reason === 'PARTICIPANT') ?? [];
  const title =
    detail?.kind === 'DIRECT'
      ? others.map(personName).join(', ') || 'Conversation'
      : (detail?.team?.name ?? detail?.name ?? 'Chat');
  const typingLine = typingText(typists);
  const onHold = !detail || Boolean(detail.safeguarding.hold);
  // One reply draft, for this room only: opening another conversation drops it.
  const [draft, setDraft] = useState<{ roomId: number; quote: MessageQuote } | null>(null);
  const replyTo = draft?.roomId === roomId ? draft.quote : null;
  const counterpart = detail?.kind === 'DIRECT' && others.length === 1 ? others[0] : undefined;

  return (
    // At least a screen high, so the composer sits at the bottom of a short conversation too.
    <Stack
      gap="md"
      mih="calc(100dvh - var(--app-shell-header-offset, 56px) - var(--app-shell-footer-offset, 64px) - 2 * var(--mantine-spacing-md))"
    >
      <BackLink to="/chats" label="Chats" />
      {!detail ? (
        <QueryState isError={room.isError} refetch={room.refetch} lines={1} />
      ) : (
        <>
          <Stack gap={2}>
            <Title order={1} size="h3">
              {title}
            </Title>
            {counterpart && <OnlineStatus userId={counterpart.id} />}
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
            mih={44}
            loading={history.isFetchingPreviousPage}
            onClick={() => void history.fetchPreviousPage()}
          >
            Show earlier messages
          </Button>
        </Group>
      )}
      {!history.data ? (
        <QueryState isError={history.isError} refetch={history.refetch} lines={3} />
      ) : (
        <Stack gap="sm" role="log" aria-label="Messages" ref={list}>
          {messages.length === 0 && pending.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No messages yet. Say hello.
            </Text>
          )}
          {messages.map((m) => (
            <Fragment key={m.id}>
              <MessageBubble
                message={m}
                mine={m.sender.id === member.user.id}
                showSender={detail?.kind !== 'DIRECT' || others.length > 1}
                onReply={onHold ? undefined : (quote) => setDraft({ roomId, quote })}
              />
              {receipt?.messageId === m.id && <ReadReceipt receipt={receipt} />}
            </Fragment>
          ))}
          {pending.map((item) => (
            <PendingBubble key={item.clientId} item={item} />
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed" aria-live="polite" mih={20}>
        {typingLine ?? ''}
      </Text>
      {/* Sticky above the bottom tabs: always at hand while the conversation scrolls under it. */}
      <div
        style={{
          position: 'sticky',
          bottom: 'var(--app-shell-footer-offset, 64px)',
          marginTop: 'auto',
          paddingBlock: 'var(--mantine-spacing-xs)',
          background: 'var(--mantine-color-body)',
          zIndex: 2,
        }}
      >
        <Composer
          roomId={roomId}
          onTyping={typed}
          onStopTyping={stopTyping}
          disabled={onHold}
          replyTo={onHold ? null : replyTo}
          onCancelReply={() => setDraft(null)}
        />
      </div>
    </Stack>
  );
}
