import { tabsQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { TAB_LABELS, TAB_VALUES } from '@fieldhouse/shared';
import { Badge, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { HomeCard } from './home-card.tsx';

/**
 * Unread messages per group, each a link into that tab of the messages screen. They are the
 * viewer's own conversations: `note` says so where the rest of the screen is another school's.
 */
export function UnreadCard({ note }: { note?: string | null }) {
  const tabs = useQuery(tabsQueryOptions());
  const total = (tabs.data ?? []).reduce((sum, t) => sum + t.count, 0);
  return (
    <HomeCard
      icon={IconMessages}
      title="Unread messages"
      fullHeight={false}
      aside={
        <Badge variant="light" color={total ? 'red' : 'gray'}>
          {total} unread
        </Badge>
      }
    >
      {note && (
        <Text size="xs" c="dimmed" mb={4}>
          {note}
        </Text>
      )}
      {tabs.isError && (
        <QueryError
          what="Unread messages"
          error={tabs.error}
          onRetry={() => tabs.refetch()}
          retrying={tabs.isFetching}
        />
      )}
      <Stack gap={4}>
        {TAB_VALUES.map((value) => {
          const count = tabs.data?.find((t) => t.value === value)?.count ?? 0;
          return (
            <UnstyledButton
              key={value}
              renderRoot={(props) => <Link to="/messages" search={{ tab: value }} {...props} />}
              p="xs"
              data-touch-target
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Group justify="space-between">
                <Text size="sm">{TAB_LABELS[value]}</Text>
                <Group gap={6}>
                  {count > 0 ? (
                    <Badge color="red" size="sm" variant="filled">
                      {count}
                      <VisuallyHidden> unread</VisuallyHidden>
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      All read
                    </Text>
                  )}
                  <IconChevronRight size={14} color="var(--mantine-color-dimmed)" />
                </Group>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </HomeCard>
  );
}
