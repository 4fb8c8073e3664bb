/** "Move this game?": the old and new time, the scope for a series date, who is told, and any conflicts. */
import type { EditScope } from '@fieldhouse/shared';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { eventTitle } from '../../../lib/event-display.ts';
import type { PendingMove } from '../hooks/use-pending-move.ts';
import { whenText } from './calendar-utils.ts';

export function PendingMoveModal({
  pendingMove,
  moveScope,
  onScope,
  onCancel,
  onConfirm,
  moving,
}: {
  pendingMove: PendingMove | null;
  moveScope: EditScope;
  onScope: (scope: EditScope) => void;
  onCancel: () => void;
  onConfirm: () => void;
  moving: boolean;
}) {
  return (
    <Modal
      opened={pendingMove !== null}
      onClose={onCancel}
      title={pendingMove?.occurrence.type === 'GAME' ? 'Move this game?' : 'Move this event?'}
      centered
    >
      {pendingMove && (
        <Stack>
          <Text size="sm">
            <b>{eventTitle(pendingMove.occurrence)}</b>
          </Text>
          <Stack gap={2}>
            <Text size="sm" c="dimmed" td="line-through">
              {whenText(pendingMove.occurrence)}
            </Text>
            <Text size="sm" fw={600}>
              {whenText({
                allDay: pendingMove.times.allDay,
                localStart: pendingMove.times.allDay ? `${pendingMove.times.start}T00:00` : pendingMove.times.start,
                localEnd: pendingMove.times.allDay
                  ? `${new Date(Date.parse(`${pendingMove.times.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T00:00`
                  : pendingMove.times.end,
              })}
            </Text>
          </Stack>
          {pendingMove.occurrence.seriesId && (
            <SegmentedControl
              value={moveScope}
              onChange={(v) => onScope(v as EditScope)}
              data={[
                { value: 'occurrence', label: 'This event' },
                { value: 'following', label: 'This and following' },
                { value: 'series', label: 'All events' },
              ]}
            />
          )}
          {pendingMove.occurrence.team && (
            <Text size="sm" c="dimmed">
              {pendingMove.occurrence.team.name} gets a message in its chat, and its coaches, athletes and guardians a
              notification.
            </Text>
          )}
          {pendingMove.conflicts && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Double-booked">
              {pendingMove.conflicts.slice(0, 4).map((c) => (
                <Text size="sm" key={`${c.reason}-${c.occurrence.key}`}>
                  {c.reason === 'FACILITY' ? c.occurrence.facility : c.occurrence.team?.name}:{' '}
                  {eventTitle(c.occurrence)}, {whenText(c.occurrence)}
                </Text>
              ))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Keep the old time
            </Button>
            <Tooltip label="Save despite the conflicts" disabled={!pendingMove.conflicts}>
              <Button color={pendingMove.conflicts ? 'orange' : undefined} loading={moving} onClick={onConfirm}>
                {pendingMove.conflicts ? 'Save anyway' : 'Move'}
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
