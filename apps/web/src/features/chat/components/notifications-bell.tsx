import {
  chatKeys,
  markNotificationsRead,
  notificationsQueryOptions,
} from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { formatDisplayDate, plural } from '@fieldhouse/shared';
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
import { useRef, useState } from 'react';
import { useBellHotkey } from '../hooks/use-bell-hotkey.ts';

/**
 * The bell: the latest notifications, an unread dot, and "mark all read". Unread messages are
 * counted here too (the same number as the Messages badge), so the bell never says "all caught
 * up" while conversations wait.
 */
export function NotificationsBell({ unreadMessages }: { unreadMessages: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  useBellHotkey(bell);
  const { data } = useQuery(notificationsQueryOptions());
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.notifications() }),
  });
  const unreadNotifications = data?.unreadCount ?? 0;
  const unread = unreadNotifications + unreadMessages;
  const items = data?.result ?? [];
  const openMessages = () => {
    setOpened(false);
    void navigate({ to: '/messages', search: { tab: 'COACHES' } });
  };
  return (
    <Popover width={340} position="bottom-end" shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label="Notifications">
          <Indicator disabled={unread === 0} label={unread > 9 ? '9+' : unread} size={16} color="red" offset={6}>
            <ActionIcon
              ref={bell}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={unread ? `Notifications: ${unread} unread` : 'Notifications'}
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        {unreadMessages > 0 && (
          <>
            <UnstyledButton w="100%" px="md" py="sm" onClick={openMessages}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {plural(unreadMessages, 'unread message')}
                </Text>
                <Text size="sm" c="blue">
                  Open Messages
                </Text>
              </Group>
            </UnstyledButton>
            <Divider />
          </>
        )}
        {items.length === 0 && unreadMessages > 0 ? (
          <Text size="sm" c="dimmed" px="md" py="sm">
            No other notifications.
          </Text>
        ) : items.length === 0 ? (
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
              <Button
                size="compact-xs"
                variant="subtle"
                disabled={unreadNotifications === 0}
                onClick={() => markRead.mutate()}
              >
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
