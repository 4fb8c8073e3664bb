/**
 * The team room's pinned message (decision 023): the bar under the thread header, and the
 * "Pin" action the message menu offers to the room's staff (the server decides; this hides).
 */
import type { PinnedMessage } from '@fieldhouse/shared';
import { Box, CloseButton, Group, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSetRoomPin } from '../api/set-room-pin.ts';

type Pinning = { canPin: boolean; pin: (messageId: number | null) => void };

const PinningContext = createContext<Pinning>({ canPin: false, pin: () => {} });

export function PinningProvider({
  roomId,
  canPin,
  children,
}: {
  roomId: number;
  canPin: boolean;
  children: ReactNode;
}) {
  const setPin = useSetRoomPin(roomId);
  const { mutate } = setPin;
  const value = useMemo<Pinning>(() => ({ canPin, pin: (messageId) => mutate(messageId) }), [canPin, mutate]);
  return <PinningContext.Provider value={value}>{children}</PinningContext.Provider>;
}

export const usePinning = () => useContext(PinningContext);

export function PinnedBar({ pinned }: { pinned: PinnedMessage }) {
  const { canPin, pin } = usePinning();
  const { quote } = pinned;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px={{ base: 'xs', sm: 'lg' }}
      py={6}
      bg="var(--mantine-color-default-hover)"
      data-testid="pinned-message"
      role="region"
      aria-label="Pinned message"
    >
      <IconPin size={16} style={{ flexShrink: 0 }} aria-hidden />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600}>
          Pinned · {quote.senderName}
        </Text>
        {quote.unsent ? (
          <Text size="xs" fs="italic">
            Message unsent
          </Text>
        ) : (
          <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {quote.text}
          </Text>
        )}
      </Box>
      {canPin && <CloseButton aria-label="Unpin message" size="lg" onClick={() => pin(null)} />}
    </Group>
  );
}
