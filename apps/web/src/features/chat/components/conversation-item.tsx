import { messagePreview } from '@fieldhouse/client/chat/message-preview.ts';
import type { PresenceStatus } from '@fieldhouse/client/chat/realtime/presence-store.ts';
import { formatDisplayDate, type RoomListItem } from '@fieldhouse/shared';
import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { PersonAvatar } from './person-avatar.tsx';

type Props = {
  item: RoomListItem;
  viewerId: number;
  active: boolean;
  presence: PresenceStatus;
  /** `byKeyboard`: opened with Enter or Space (a click with no pointer has detail 0). */
  onOpen: (item: RoomListItem, byKeyboard: boolean) => void;
  /** Coming back from its thread on a phone: focus returns to the conversation it left from. */
  focusOnMount?: boolean | undefined;
};

/** One conversation in the list: who, their presence, the last message and its time, unread. */
export function ConversationItem({ item, viewerId, active, presence, onOpen, focusOnMount }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list comes back.
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  const { counterpart, lastMessage, unread } = item;
  const name = [counterpart.firstName, counterpart.lastName].filter(Boolean).join(' ');
  const preview = !lastMessage
    ? 'No messages yet'
    : `${lastMessage.sender.id === viewerId ? 'You: ' : ''}${messagePreview(lastMessage)}`;
  return (
    <UnstyledButton
      ref={ref}
      onClick={(event) => onOpen(item, event.detail === 0)}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
      px="md"
      py="sm"
      w="100%"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <PersonAvatar {...counterpart} presence={presence} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={4} wrap="nowrap" miw={0}>
              <Text fw={unread ? 700 : 600} size="sm" truncate>
                {name}
              </Text>
              {item.muted && (
                // Muted (decision 023): still counted unread, but no bell or push.
                <Group gap={0} data-testid="room-muted" style={{ flexShrink: 0 }}>
                  <IconBellOff size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                  <VisuallyHidden>, muted</VisuallyHidden>
                </Group>
              )}
            </Group>
            <Text
              size="xs"
              // Blue text on the open row's blue tint falls below AA (3.7:1): the open row keeps the default colour.
              c={unread && !active ? 'var(--mantine-color-blue-text)' : unread ? undefined : 'dimmed'}
              fw={unread ? 600 : 400}
              style={{ flexShrink: 0 }}
            >
              {lastMessage ? formatDisplayDate(lastMessage.createdAt) : ''}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c={unread ? undefined : 'dimmed'} fw={unread ? 500 : 400} truncate>
              {preview}
            </Text>
            {unread > 0 && (
              <Badge size="sm" circle={unread < 10} variant="filled" color="blue" style={{ flexShrink: 0 }}>
                {unread > 99 ? '99+' : unread}
                <VisuallyHidden> unread</VisuallyHidden>
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
