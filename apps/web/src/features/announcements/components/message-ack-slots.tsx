import type { ChatMessage } from '@fieldhouse/shared';
import { Box, Paper } from '@mantine/core';
import { AckSummary } from './ack-summary.tsx';
import { AnnouncementCard } from './announcement-card.tsx';

/**
 * What this feature draws inside chat's thread (the app passes these to chat's message slots):
 * the announcement card, and the acknowledgement line under a schedule change that asks.
 */
export const announcementSlots = {
  announcement: (message: ChatMessage, time: string) => <AnnouncementCard message={message} time={time} />,
  ack: (message: ChatMessage) =>
    message.ack ? (
      <Box px="md" pb={4}>
        <Paper withBorder radius="md" px="sm" py={6} mx="auto" w={440} maw="100%">
          <AckSummary message={message} />
        </Paper>
      </Box>
    ) : null,
};
