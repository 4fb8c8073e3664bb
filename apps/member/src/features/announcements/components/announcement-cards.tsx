import type { MyAnnouncement } from '@fieldhouse/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { toast } from 'sonner';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useAcknowledge } from '../api/my-announcements.ts';

const sender = (m: MyAnnouncement['message']) =>
  [m.sender.firstName, m.sender.lastName].filter(Boolean).join(' ') || 'Your school';

/** Announcements and schedule changes waiting for my "Got it". */
export function AnnouncementCards({ items }: { items: MyAnnouncement[] }) {
  const acknowledge = useAcknowledge();
  if (items.length === 0) {
    return (
      <EmptyState title="You are all caught up">
        Announcements from your coaches and changes to your schedule appear here for you to confirm.
      </EmptyState>
    );
  }
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Paper key={item.message.id} withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" truncate>
                {item.team?.name ?? 'School-wide'} · {sender(item.message)}
              </Text>
              <Badge
                variant="light"
                color={item.kind === 'SCHEDULE_CHANGE' ? 'orange' : 'blue'}
                // The kind is read whole; the sender line beside it is the one that gives way.
                style={{ flexShrink: 0 }}
              >
                {item.kind === 'SCHEDULE_CHANGE' ? 'Schedule change' : 'Announcement'}
              </Badge>
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{item.message.content}</Text>
            <Group justify="flex-end">
              <Button
                loading={acknowledge.isPending && acknowledge.variables === item.message.id}
                onClick={() =>
                  acknowledge.mutate(item.message.id, {
                    onSuccess: () => toast.success('Thanks, your coach will see you got it.'),
                    onError: (e) => toast.error(e.message),
                  })
                }
                aria-label={`Got it: ${item.message.content.slice(0, 60)}`}
              >
                Got it
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
