import { roomDetailQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { useChat, useConnectionState, usePresenceOf } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { typingText } from '@fieldhouse/client/chat/realtime/typing-store.ts';
import { useRoomSession } from '@fieldhouse/client/chat/realtime/use-room-session.ts';
import { type RoomDetail, roleLabel } from '@fieldhouse/shared';
import { Alert, Avatar, Badge, Button, Group, Paper, Popover, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBellOff,
  IconChevronLeft,
  IconLock,
  IconShieldCheck,
  IconUsersGroup,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { MuteMenu, muteLabel } from './mute-menu.tsx';
import { PersonAvatar, PRESENCE_LABEL } from './person-avatar.tsx';
import { PinnedBar, PinningProvider } from './pinned-message.tsx';
import { ReplyDraftProvider } from './reply-quote.tsx';

type Member = RoomDetail['members'][number];
const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => [m.firstName, m.lastName].filter(Boolean).join(' ');

/**
 * Who the room is with, as the viewer sees it: the other person of a direct room, or the team;
 * and who else is there for safeguarding (guardians, the school's second adult, decision 018).
 */
function describe(room: RoomDetail, viewerId: number) {
  const watching = room.members.filter((m) => m.reason === 'GUARDIAN' || m.reason === 'SAFEGUARDING');
  if (room.kind === 'DIRECT' && room.directUserIds) {
    const others = room.directUserIds.filter((id) => id !== viewerId);
    const pair = room.members.filter((m) => room.directUserIds?.includes(m.id));
    const counterpart = others.length === 1 ? room.members.find((m) => m.id === others[0]) : undefined;
    return {
      title: counterpart ? fullName(counterpart) : pair.map(fullName).join(' and '),
      counterpart,
      watching,
      people: pair,
    };
  }
  return {
    title: room.team?.name ?? room.name ?? 'Group chat',
    counterpart: undefined,
    watching,
    people: room.members.filter((m) => m.reason === 'PARTICIPANT'),
  };
}

/** "2 guardians", "Second adult", "1 guardian · second adult". */
function watchingLabel(watching: Member[]) {
  const guardians = watching.filter((m) => m.reason === 'GUARDIAN').length;
  const second = watching.some((m) => m.reason === 'SAFEGUARDING');
  const parts = [
    ...(guardians ? [`${guardians} ${guardians === 1 ? 'guardian' : 'guardians'}`] : []),
    ...(second ? ['second adult'] : []),
  ].join(' · ');
  return `${parts.charAt(0).toUpperCase()}${parts.slice(1)} included`;
}

function SafeguardingBadge({ watching }: { watching: Member[] }) {
  return (
    // A popover on a button, not a hover card: a tap or a key opens it too.
    <Popover width={300} position="bottom-end" shadow="md">
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          variant="light"
          color="teal"
          // A control, so at least 24 px high (WCAG 2.5.8) beside the header's other buttons.
          size="lg"
          leftSection={<IconShieldCheck size={14} />}
          style={{ cursor: 'help', flexShrink: 0 }}
          data-testid="safeguarding-badge"
        >
          {watchingLabel(watching)}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown aria-label="Safeguarding">
        <Text size="sm" fw={600} mb={4}>
          Safeguarding
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          Conversations between adults and athletes under 18 are visible to the athletes’ guardians; where no guardian
          can see one, a second adult of the school is in it.
        </Text>
        {watching.map((m) => (
          <Text key={m.id} size="sm">
            {fullName(m)}
            {m.note && (
              <Text span size="xs" c="dimmed">
                {' '}
                · {m.note}
              </Text>
            )}
          </Text>
        ))}
      </Popover.Dropdown>
    </Popover>
  );
}

/** A room the policy holds: why, instead of a composer that could not send. */
function HoldNotice({ reason }: { reason: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconLock size={18} />}
      title="Messages are paused"
      data-testid="safeguarding-hold"
    >
      <Text size="sm">{reason}</Text>
    </Alert>
  );
}

function TypingLine({ roomId }: { roomId: number }) {
  const { typing } = useChat();
  const typists = useSyncExternalStore(typing.subscribe, () => typing.typists(roomId));
  const text = typingText(typists);
  return (
    <Text size="xs" c="dimmed" px="lg" h={18} fs="italic" aria-live="polite" data-testid="typing-indicator">
      {text ?? ''}
    </Text>
  );
}

function ConnectionNotice() {
  const state = useConnectionState();
  if (state === 'connected') return null;
  return (
    <Group gap={6} px="lg" py={4} bg="var(--mantine-color-yellow-light)" role="status">
      <IconWifiOff size={14} />
      <Text size="xs">
        {state === 'error'
          ? 'Not connected. Messages you write wait here and go out once the connection is back.'
          : 'Reconnecting… messages you write go out once the connection is back.'}
      </Text>
    </Group>
  );
}

/** On phones the thread replaces the list, so its header leads back to it (hidden beside the list). */
function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button
      hiddenFrom="sm"
      variant="subtle"
      color="gray"
      size="md"
      px={6}
      h={44}
      leftSection={<IconChevronLeft size={20} />}
      aria-label="Back to conversations"
      onClick={onBack}
      style={{ flexShrink: 0 }}
    >
      Back
    </Button>
  );
}

type Props = {
  roomId: number;
  messageId?: number | undefined;
  onJumpToLatest: () => void;
  /** Where the phone's Back goes; without it (a team's own chat) there is no list to go back to. */
  onBack?: (() => void) | undefined;
  /** Opened from the list by keyboard: the next thing to do is write, so the composer takes focus. */
  focusComposer?: boolean | undefined;
};

/** An open room: who it is with and their presence, the live thread, typing, and the composer. */
export function ChatThread({ roomId, messageId, onJumpToLatest, onBack, focusComposer }: Props) {
  const { viewerId } = useChat();
  const room = useQuery(roomDetailQueryOptions(roomId));
  const { typed, stopTyping } = useRoomSession(roomId);
  const view = room.data ? describe(room.data, viewerId) : undefined;
  const presence = usePresenceOf(view?.counterpart ? [view.counterpart.id] : []);
  const counterpartPresence = view?.counterpart ? (presence.get(view.counterpart.id) ?? 'offline') : undefined;

  if (room.isError)
    return (
      <Stack align="center" justify="center" h="100%" gap={4}>
        <Text fw={600}>This conversation is not available</Text>
        <Text size="sm" c="dimmed">
          {room.error.message}
        </Text>
      </Stack>
    );

  return (
    <ReplyDraftProvider roomId={roomId}>
      <PinningProvider roomId={roomId} canPin={room.data?.viewerCanPin ?? false}>
        <Stack gap={0} h="100%">
          <Paper
            px={{ base: 'xs', sm: 'lg' }}
            py="sm"
            radius={0}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            {!view ? (
              <Group gap="sm" wrap="nowrap">
                {onBack && <BackButton onBack={onBack} />}
                <Skeleton h={40} w={240} maw="60%" />
              </Group>
            ) : (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {onBack && <BackButton onBack={onBack} />}
                  {view.counterpart ? (
                    <PersonAvatar {...view.counterpart} presence={counterpartPresence} />
                  ) : (
                    <Avatar color="blue" radius="md">
                      <IconUsersGroup size={20} />
                    </Avatar>
                  )}
                  <Stack gap={0} miw={0}>
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      <Text component="h2" m={0} fz="md" fw={700} truncate data-testid="thread-title">
                        {view.title}
                      </Text>
                      {view.counterpart && (
                        <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                          {roleLabel(view.counterpart.role)}
                        </Badge>
                      )}
                    </Group>
                    {counterpartPresence ? (
                      <Text size="xs" c="dimmed" data-testid="thread-presence">
                        {PRESENCE_LABEL[counterpartPresence]}
                      </Text>
                    ) : (
                      <Tooltip label={view.people.slice(0, 15).map(fullName).join(', ')} multiline w={320}>
                        <Text size="xs" c="dimmed" style={{ cursor: 'help' }}>
                          {view.people.length} {view.people.length === 1 ? 'member' : 'members'}
                        </Text>
                      </Tooltip>
                    )}
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {view.watching.length > 0 && <SafeguardingBadge watching={view.watching} />}
                  {room.data?.viewerMute?.muted && (
                    <Tooltip label={muteLabel(room.data.viewerMute)}>
                      <Badge
                        variant="light"
                        color="gray"
                        leftSection={<IconBellOff size={12} />}
                        data-testid="thread-muted"
                        visibleFrom="sm"
                      >
                        Muted
                      </Badge>
                    </Tooltip>
                  )}
                  {room.data?.viewerMute && <MuteMenu roomId={roomId} mute={room.data.viewerMute} />}
                </Group>
              </Group>
            )}
            {room.data?.safeguarding.viewerNote && (
              <Group gap={6} mt={6} wrap="nowrap" align="flex-start" data-testid="safeguarding-viewer-note">
                <IconShieldCheck
                  size={14}
                  color="var(--mantine-color-teal-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="xs" c="var(--mantine-color-teal-text)">
                  {room.data.safeguarding.viewerNote}
                </Text>
              </Group>
            )}
          </Paper>
          {room.data?.pinned && <PinnedBar pinned={room.data.pinned} />}
          <MessageList
            key={`${roomId}:${messageId ?? ''}`}
            roomId={roomId}
            messageId={messageId}
            // A second adult reading two other people's conversation needs to see who wrote what.
            showSenders={room.data?.kind !== 'DIRECT' || (view !== undefined && !view.counterpart)}
            emptyText={view?.counterpart ? `Say hello to ${view.counterpart.firstName}.` : 'Start the conversation.'}
            onJumpToLatest={onJumpToLatest}
          />
          <TypingLine roomId={roomId} />
          <ConnectionNotice />
          {room.data?.safeguarding.hold ? (
            <HoldNotice reason={room.data.safeguarding.hold} />
          ) : (
            <Composer
              roomId={roomId}
              placeholder={view ? `Message ${view.counterpart?.firstName ?? view.title}` : 'Message'}
              recipient={view?.title ?? 'this conversation'}
              onTyping={typed}
              onStopTyping={stopTyping}
              autoFocus={focusComposer}
            />
          )}
        </Stack>
      </PinningProvider>
    </ReplyDraftProvider>
  );
}
