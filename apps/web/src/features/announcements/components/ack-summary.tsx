import type { ChatMessage } from '@fieldhouse/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconChecks, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { storeOwnAck } from '../api/ack-cache.ts';
import { acknowledgeMessage } from '../api/announcements-queries.ts';
import { AckDrawer } from './ack-drawer.tsx';

/**
 * Under an announcement or a schedule change that asks people (decision 027): "Acknowledged by
 * 2 of 5", kept live by `chat:ack-update`, and "See who" (the list and "Nudge the rest"). A viewer
 * the message asks (an administrator who also coaches the team) gets "Got it".
 */
export function AckSummary({ message }: { message: ChatMessage }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ack = message.ack;
  const gotIt = useMutation({
    mutationFn: () => acknowledgeMessage(message.id),
    onSuccess: (result) => storeOwnAck(queryClient, message, result),
    onError: (e) => toast.error(e.message),
  });
  if (!ack) return null;
  const all = ack.asked > 0 && ack.acknowledged >= ack.asked;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" data-ack-summary={message.id}>
      <Group gap={6} wrap="nowrap">
        {all ? <IconCircleCheck size={18} aria-hidden /> : <IconChecks size={18} aria-hidden />}
        <Text size="sm" fw={600} aria-live="polite" aria-atomic>
          Acknowledged by {ack.acknowledged} of {ack.asked}
        </Text>
      </Group>
      <Group gap="xs">
        {ack.mine === 'PENDING' && (
          <Button size="compact-sm" loading={gotIt.isPending} onClick={() => gotIt.mutate()}>
            Got it
          </Button>
        )}
        {ack.mine === 'ACKNOWLEDGED' && (
          <Text size="sm" c="dimmed">
            You acknowledged
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setOpen(true)}
          aria-label={`See who acknowledged (${ack.acknowledged} of ${ack.asked})`}
        >
          See who
        </Button>
      </Group>
      {open && <AckDrawer messageId={message.id} onClose={() => setOpen(false)} />}
    </Group>
  );
}
