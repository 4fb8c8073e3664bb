import type { ConnectionState } from '@fieldhouse/shared';
import { Badge, Tooltip } from '@mantine/core';
import { useConnectionState } from '../realtime/chat-provider.tsx';

const LOOK: Record<ConnectionState, { color: string; label: string; hint: string }> = {
  connected: { color: 'teal', label: 'Live', hint: 'New messages arrive as they are sent.' },
  connecting: { color: 'blue', label: 'Connecting…', hint: 'Opening the live connection.' },
  reconnecting: { color: 'yellow', label: 'Reconnecting…', hint: 'The connection dropped; trying again.' },
  disconnected: { color: 'gray', label: 'Offline', hint: 'Not connected. Messages you write will wait.' },
  error: { color: 'red', label: 'Not connected', hint: 'Retrying in the background. Messages you write will wait.' },
};

/** The chat connection's state at a glance (SPEC §4 socket states). */
export function ConnectionBadge() {
  const state = useConnectionState();
  const look = LOOK[state];
  return (
    <Tooltip label={look.hint}>
      <Badge variant="dot" color={look.color} size="sm" data-testid="connection-state" data-state={state}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
