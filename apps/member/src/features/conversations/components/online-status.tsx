import { usePresenceOf } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import type { PresenceStatus } from '@fieldhouse/client/chat/realtime/presence-store.ts';
import { Group, Text } from '@mantine/core';

const LABEL: Record<PresenceStatus, string> = { online: 'Online', away: 'Away', offline: 'Offline' };
const COLOR: Record<PresenceStatus, string> = {
  online: 'var(--mantine-color-teal-6)',
  away: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-gray-5)',
};

/** Whether the other person of a direct conversation is here now: the shared presence store, live. */
export function OnlineStatus({ userId }: { userId: number }) {
  const status = usePresenceOf([userId]).get(userId) ?? 'offline';
  return (
    <Group gap={6} data-testid="presence" data-status={status}>
      <span
        aria-hidden="true"
        style={{ width: 8, height: 8, borderRadius: '50%', background: COLOR[status], display: 'inline-block' }}
      />
      <Text size="sm" c="dimmed">
        {LABEL[status]}
      </Text>
    </Group>
  );
}
