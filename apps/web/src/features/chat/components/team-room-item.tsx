import type { RoomSummary } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { IconBellOff, IconUsersGroup } from '@tabler/icons-react';

type Props = { room: RoomSummary; active: boolean; onOpen: (roomId: number) => void };

/** One of a team's rooms in its chat list: its name, what it is, and whether the viewer muted it. */
export function TeamRoomItem({ room, active, onOpen }: Props) {
  return (
    <NavLink
      // A button: Mantine's default is an anchor without href, which no keyboard can reach.
      component="button"
      type="button"
      active={active}
      aria-current={active ? 'true' : undefined}
      label={
        // Spans: the label sits in a span of the button, which holds phrasing content only.
        <Group component="span" gap={4} wrap="nowrap" miw={0}>
          <Text span size="sm" truncate>
            {room.name ?? 'Team chat'}
          </Text>
          {room.muted && (
            // Muted (decision 023): the same mark as a direct conversation's row.
            <Group component="span" gap={0} data-testid="room-muted" style={{ flexShrink: 0 }}>
              <IconBellOff size={14} color="var(--mantine-color-dimmed)" aria-hidden />
              <VisuallyHidden>, muted</VisuallyHidden>
            </Group>
          )}
        </Group>
      }
      description={room.kind === 'TEAM' ? 'Whole team' : 'Group'}
      leftSection={<IconUsersGroup size={18} />}
      onClick={() => onOpen(room.id)}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}
