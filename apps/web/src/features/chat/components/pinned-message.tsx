/**
 * The team room's pinned message (decision 023): the bar under the thread header (choosing it
 * shows the message in the thread), and the "Pin" action the message menu offers to the room's staff (the server decides; this hides).
 */
import type { PinnedMessage } from '@fieldhouse/shared';
import { Box, CloseButton, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
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

/**
 * Under the header: the pinned quote is a button that shows the message in the thread (the thread
 * decides how: in place when loaded, else it opens the history around it). Unpin sits beside it,
 * not inside, so each is its own control.
 */
export function PinnedBar({ pinned, onShow }: { pinned: PinnedMessage; onShow: (id: number) => void }) {
  const { canPin, pin } = usePinning();
  const { quote } = pinned;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px={{ base: 'xs', sm: 'lg' }}
      py={4}
      bg="var(--mantine-color-default-hover)"
      data-testid="pinned-message"
      role="region"
      aria-label="Pinned message"
    >
      <UnstyledButton
        onClick={() => onShow(quote.id)}
        data-testid="pinned-message-show"
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        // A thumb-sized target on a touch screen, however short the quote.
        mih={44}
        px={4}
      >
        <Group gap="xs" wrap="nowrap">
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
        </Group>
        {/* The name speaks the visible text (WCAG 2.5.3), then what choosing it does. */}
        <VisuallyHidden>Show the pinned message in the conversation</VisuallyHidden>
      </UnstyledButton>
      {canPin && <CloseButton aria-label="Unpin message" size="lg" onClick={() => pin(null)} />}
    </Group>
  );
}
