import { useChat, useConnectionState } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import type { ConnectionState } from '@fieldhouse/shared';
import { Badge, Tooltip } from '@mantine/core';

const LOOK: Record<ConnectionState, { color: string; label: string; hint: string }> = {
  connected: { color: 'teal', label: 'Live', hint: 'New messages arrive as they are sent.' },
  connecting: { color: 'blue', label: 'Connecting…', hint: 'Opening the live connection.' },
  reconnecting: { color: 'yellow', label: 'Reconnecting…', hint: 'The connection dropped; trying again.' },
  disconnected: { color: 'gray', label: 'Offline', hint: 'Not connected. Messages you write will wait.' },
  error: { color: 'red', label: 'Not connected', hint: 'Retrying in the background. Messages you write will wait.' },
};

/** The chat connection's state at a glance (SPEC §4 socket states). */
export function ConnectionBadge() {
  const { socket } = useChat();
  const state = useConnectionState();
  const look = LOOK[state];
  // SPEC §8 health: many recent errors, or one that retrying cannot fix.
  const troubled = socket.errors.hasIssues();
  return (
    <Tooltip label={troubled ? `${look.hint} The connection has been unreliable in the last few minutes.` : look.hint}>
      <Badge
        variant="dot"
        color={troubled && state === 'connected' ? 'yellow' : look.color}
        size="sm"
        data-testid="connection-state"
        data-state={state}
        data-health={troubled ? 'issues' : 'ok'}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}
