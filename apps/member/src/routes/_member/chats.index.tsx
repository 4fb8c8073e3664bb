import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useMember } from '../../features/auth/use-auth.ts';
import { conversationsQueryOptions } from '../../features/conversations/api/conversations.ts';
import { ConversationRow } from '../../features/conversations/components/conversation-row.tsx';

/** My conversations: direct ones with coaches and staff, and my team chats, newest first. */
export const Route = createFileRoute('/_member/chats/')({
  component: ChatsPage,
});

function ChatsPage() {
  const { organization } = useMember();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useInfiniteQuery(conversationsQueryOptions(debounced));
  const items = list.data?.pages.flatMap((p) => p.result) ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          Chats
        </Title>
        <Button component={Link} to="/chats/new" leftSection={<IconMessagePlus size={18} aria-hidden="true" />}>
          New
        </Button>
      </Group>
      <TextInput
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="md"
      />
      {!list.data ? (
        <QueryState isError={list.isError} refetch={list.refetch} lines={4} />
      ) : items.length === 0 ? (
        debounced ? (
          <EmptyState title="No conversations match">Try another name, or start a new conversation.</EmptyState>
        ) : (
          <EmptyState title="No conversations yet">
            Your team chats appear here once a coach adds you to a team. Start a conversation with your coaches or the
            athletic staff with New.
          </EmptyState>
        )
      ) : (
        <Stack gap="xs" component="ul" aria-label="Conversations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((c) => (
            <li key={c.id}>
              <ConversationRow conversation={c} timeZone={organization?.timezone} />
            </li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
