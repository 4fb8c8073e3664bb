import { formatDisplayDate } from '@fieldhouse/shared';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { chatKeys, markNotificationsRead, notificationsQueryOptions } from '../api/chat-queries.ts';

/** The bell: the latest notifications, an unread dot, and "mark all read". */
export function NotificationsBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(notificationsQueryOptions());
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.notifications() }),
  });
  const unread = data?.unreadCount ?? 0;
  const items = data?.result ?? [];
  return (
    <Popover width={340} position="bottom-end" shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label="Notifications">
          <Indicator disabled={unread === 0} label={unread > 9 ? '9+' : unread} size={16} color="red" offset={6}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Notifications"
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        {items.length === 0 ? (
          <Stack gap={4} py="lg" px="md" align="center">
            <Text fw={600}>You're all caught up</Text>
            <Text size="sm" c="dimmed" ta="center">
              New messages and schedule changes will appear here.
            </Text>
          </Stack>
        ) : (
          <>
            <Group justify="space-between" px="md" py="xs">
              <Text fw={600}>Notifications</Text>
              <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => markRead.mutate()}>
                Mark all read
              </Button>
            </Group>
            <Divider />
            <ScrollArea.Autosize mah={360}>
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  w="100%"
                  px="md"
                  py="sm"
                  style={{ background: item.readAt ? undefined : 'var(--mantine-color-blue-light)' }}
                  onClick={() => {
                    setOpened(false);
                    if (item.actionUrl?.startsWith('/')) void navigate({ href: item.actionUrl });
                  }}
                >
                  <Text size="sm" fw={600}>
                    {item.title}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {item.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDisplayDate(item.timestamp)}
                  </Text>
                </UnstyledButton>
              ))}
            </ScrollArea.Autosize>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
