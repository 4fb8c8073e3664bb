import { GUARDIANS_INCLUDED_NOTE, type RoomDetail, SECOND_ADULT_NOTE } from '@fieldhouse/shared';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

/**
 * What a conversation's reader should know (decision 018): guardians or a second adult read
 * along, the viewer is here as a guardian, or messages are on hold until an adult can join.
 */
export function RoomNotes({ room, viewerId }: { room: RoomDetail; viewerId: number }) {
  const others = room.members.filter((m) => m.id !== viewerId);
  const note =
    room.safeguarding.viewerNote ??
    (room.kind === 'DIRECT' && others.some((m) => m.reason === 'GUARDIAN')
      ? GUARDIANS_INCLUDED_NOTE
      : room.kind === 'DIRECT' && others.some((m) => m.reason === 'SAFEGUARDING')
        ? SECOND_ADULT_NOTE
        : null);
  if (!note && !room.safeguarding.hold) return null;
  return (
    <Stack gap="xs">
      {note && (
        <Alert variant="light" color="teal" p="xs" icon={<IconShieldCheck size={20} aria-hidden="true" />}>
          {note}
        </Alert>
      )}
      {room.safeguarding.hold && (
        <Alert variant="light" color="orange" p="xs" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
          {room.safeguarding.hold}
        </Alert>
      )}
    </Stack>
  );
}
