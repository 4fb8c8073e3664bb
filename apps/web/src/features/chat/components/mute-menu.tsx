/**
 * Mute/Unmute in the thread header (decision 023): a muted room still counts unread but rings no
 * bell and sends no push or digest. A menu button, keyboard-operable like the message menu.
 */
import { MUTE_CHOICES, type MuteState } from '@fieldhouse/shared';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell, IconBellOff, IconDotsVertical } from '@tabler/icons-react';
import { useSetRoomMute } from '../api/set-room-mute.ts';

const untilLabel = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** "Muted", "Muted until Thu 5:30 PM". */
export const muteLabel = (mute: MuteState) =>
  mute.mutedUntil ? `Muted until ${untilLabel(mute.mutedUntil)}` : 'Muted';

export function MuteMenu({ roomId, mute }: { roomId: number; mute: MuteState }) {
  const setMute = useSetRoomMute(roomId);
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Conversation options">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={phone ? 'xl' : 'lg'}
            aria-label="Conversation options"
            loading={setMute.isPending}
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {mute.muted ? (
          <>
            <Menu.Label>{muteLabel(mute)}</Menu.Label>
            <Menu.Item leftSection={<IconBell size={14} />} onClick={() => setMute.mutate({ muted: false })}>
              Unmute
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Label>Mute notifications</Menu.Label>
            {MUTE_CHOICES.map((choice) => (
              <Menu.Item
                key={choice.label}
                leftSection={<IconBellOff size={14} />}
                onClick={() =>
                  setMute.mutate({
                    muted: true,
                    until: choice.hours === null ? null : new Date(Date.now() + choice.hours * 3_600_000).toISOString(),
                  })
                }
              >
                Mute {choice.label}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
