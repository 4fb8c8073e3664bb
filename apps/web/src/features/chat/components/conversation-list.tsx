import { roomListQueryOptions, tabsQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { useChat, usePresenceOf } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { type RoomListItem, TAB_LABELS, TAB_VALUES, type TabValue } from '@fieldhouse/shared';
import {
  Badge,
  Box,
  Center,
  CloseButton,
  Group,
  Loader,
  ScrollArea,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConnectionBadge } from './connection-badge.tsx';
import { ConversationItem } from './conversation-item.tsx';

type Props = {
  tab: TabValue;
  activeRoomId: number | undefined;
  onTabChange: (tab: TabValue) => void;
  onOpen: (item: RoomListItem, byKeyboard: boolean) => void;
  /** The room just left with Back, whose row takes focus again. */
  returnFocusTo?: number | undefined;
};

/** The three tabs with unread counts and the tab's conversations, searchable, paged on scroll. */
export function ConversationList({ tab, activeRoomId, onTabChange, onOpen, returnFocusTo }: Props) {
  const { viewerId } = useChat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const tabs = useQuery(tabsQueryOptions());
  const rooms = useInfiniteQuery(roomListQueryOptions(tab, debounced));
  const items = rooms.data?.pages.flatMap((page) => page.result) ?? [];
  const total = rooms.data?.pages[0]?.paginationInfo.totalCount ?? 0;
  const presence = usePresenceOf(items.map((item) => item.counterpart.id));

  // Page in as the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rooms;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack gap={0} h="100%">
      <Group justify="space-between" px="md" pt="md">
        <Title order={1} fz="h3">
          Messages
        </Title>
        <ConnectionBadge />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => value && onTabChange(value as TabValue)}
        px="xs"
        pt="xs"
        // Three tabs share 390 px on a phone: tight padding, and the count never gives way to the label.
        styles={{
          tab: { paddingInline: 6 },
          tabSection: { marginInlineStart: 4, flexShrink: 0 },
        }}
      >
        <Tabs.List grow>
          {TAB_VALUES.map((value) => {
            const count = tabs.data?.find((t) => t.value === value)?.count ?? 0;
            return (
              <Tabs.Tab
                key={value}
                value={value}
                rightSection={
                  count > 0 ? (
                    <Badge
                      size="xs"
                      circle={count < 10}
                      px={count < 10 ? undefined : 4}
                      color="red.9"
                      variant="filled"
                      aria-label={`${count} unread`}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {count > 99 ? '99+' : count}
                    </Badge>
                  ) : null
                }
              >
                {TAB_LABELS[value]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <TextInput
        m="sm"
        placeholder={`Search ${TAB_LABELS[tab].toLowerCase()}`}
        aria-label="Search conversations"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
      />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Box px="xs" pb="sm">
          {/* The list holds conversations only (axe `list`): states, the sentinel and the count sit beside it. */}
          {rooms.isPending && (
            <Stack gap={2}>
              {Array.from({ length: 6 }, (_, i) => `skeleton-${i}`).map((key) => (
                <Skeleton key={key} h={56} radius="md" />
              ))}
            </Stack>
          )}
          {rooms.isError && (
            <Text c="red" size="sm" p="md">
              Conversations could not be loaded. {rooms.error.message}
            </Text>
          )}
          {rooms.isSuccess && items.length === 0 && (
            <Stack align="center" gap={4} py="xl" px="md">
              <Text fw={600}>{debounced ? 'No matches' : `No ${TAB_LABELS[tab].toLowerCase()} yet`}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {debounced
                  ? `Nobody in ${TAB_LABELS[tab]} matches “${debounced}”.`
                  : `${TAB_LABELS[tab]} of your organization appear here once they are added.`}
              </Text>
            </Stack>
          )}
          <Stack
            component="ul"
            gap={2}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={`${TAB_LABELS[tab]} conversations`}
          >
            {items.map((item) => (
              <li key={item.counterpart.id}>
                <ConversationItem
                  item={item}
                  viewerId={viewerId}
                  active={activeRoomId !== undefined && item.chatId === activeRoomId}
                  presence={presence.get(item.counterpart.id) ?? 'offline'}
                  onOpen={onOpen}
                  focusOnMount={returnFocusTo !== undefined && item.chatId === returnFocusTo}
                />
              </li>
            ))}
          </Stack>
          <div ref={sentinel} />
          {isFetchingNextPage && (
            <Center py="sm">
              <Loader size="sm" />
            </Center>
          )}
          {rooms.isSuccess && !hasNextPage && items.length > 0 && (
            <Text size="xs" c="dimmed" ta="center" py="xs">
              {total} {total === 1 ? 'person' : 'people'}
            </Text>
          )}
        </Box>
      </ScrollArea>
    </Stack>
  );
}
