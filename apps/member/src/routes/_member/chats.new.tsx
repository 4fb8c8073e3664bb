import { CONTACT_GROUP_LABELS, CONTACT_GROUPS, type MemberContact } from '@fieldhouse/shared';
import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { BackLink } from '../../components/back-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { contactsQueryOptions, useStartConversation } from '../../features/conversations/api/conversations.ts';
import { ContactRow } from '../../features/conversations/components/contact-row.tsx';
import { ApiError } from '../../lib/api-client.ts';

/** Start a conversation: only with the people the school's safeguarding policy lets me reach first. */
export const Route = createFileRoute('/_member/chats/new')({
  component: NewChatPage,
});

function NewChatPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const contacts = useInfiniteQuery(contactsQueryOptions(debounced));
  const start = useStartConversation();
  const items = contacts.data?.pages.flatMap((p) => p.result) ?? [];

  const open = (contact: MemberContact) => {
    const go = (roomId: number) => navigate({ to: '/chats/$roomId', params: { roomId } });
    if (contact.roomId) {
      void go(contact.roomId);
      return;
    }
    start.mutate(contact.person.id, {
      onSuccess: (room) => void go(room.id),
      onError: (error) =>
        toast.error('Could not start the conversation', {
          description: error instanceof ApiError ? error.message : 'Check your connection and try again.',
        }),
    });
  };

  return (
    <Stack gap="md">
      <BackLink to="/chats" label="Chats" />
      <Title order={1} size="h2">
        New conversation
      </Title>
      <TextInput
        type="search"
        aria-label="Search people"
        placeholder="Search people"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="md"
      />
      {!contacts.data ? (
        <QueryState isError={contacts.isError} refetch={contacts.refetch} lines={4} />
      ) : items.length === 0 ? (
        <EmptyState title={debounced ? 'Nobody matches' : 'Nobody to write to yet'}>
          You can write to your coaches and your school's athletic staff once you are on a team.
        </EmptyState>
      ) : (
        CONTACT_GROUPS.map((group) => {
          const people = items.filter((c) => c.group === group);
          if (people.length === 0) return null;
          return (
            <Stack key={group} gap={4} component="section" aria-label={CONTACT_GROUP_LABELS[group]}>
              <Title order={2} size="h5">
                {CONTACT_GROUP_LABELS[group]}
              </Title>
              <Paper withBorder radius="md" p={4}>
                {people.map((c) => (
                  <ContactRow key={c.person.id} contact={c} onOpen={open} busy={start.isPending} />
                ))}
              </Paper>
            </Stack>
          );
        })
      )}
      {contacts.hasNextPage && (
        <Button variant="default" loading={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
          Show more
        </Button>
      )}
    </Stack>
  );
}
