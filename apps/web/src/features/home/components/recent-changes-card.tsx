import { formatDisplayDate } from '@fieldhouse/shared';
import { Anchor, Avatar, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { auditQueryOptions } from '../../admin/api/get-audit.ts';
import { LATEST_CHANGES } from '../api/home-loader.ts';
import { HomeCard } from './home-card.tsx';

/** The latest administrative changes in the organization, from the audit log. */
export function RecentChangesCard() {
  const audit = useQuery(auditQueryOptions(LATEST_CHANGES));
  const entries = audit.data?.data.result ?? [];
  return (
    <HomeCard
      icon={IconHistory}
      title="Recent changes"
      aside={
        <Anchor size="sm" renderRoot={(props) => <Link to="/admin/home" search={{ tab: 'audit' }} {...props} />}>
          Audit log
        </Anchor>
      }
    >
      {audit.isPending && <Skeleton h={120} />}
      {audit.isError && (
        <QueryError
          what="Recent changes"
          error={audit.error}
          onRetry={() => audit.refetch()}
          retrying={audit.isFetching}
        />
      )}
      {audit.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No changes yet. Edits to people, teams and events will appear here.
        </Text>
      )}
      <Timeline bulletSize={26} lineWidth={2}>
        {entries.map((entry) => {
          const who = entry.actor ? [entry.actor.firstName, entry.actor.lastName].filter(Boolean).join(' ') : 'System';
          return (
            <Timeline.Item key={entry.id} bullet={<Avatar name={who} color="initials" size={24} />}>
              <Stack gap={0}>
                <Text size="sm">{entry.summary}</Text>
                <Text size="xs" c="dimmed">
                  {who} · {formatDisplayDate(entry.createdAt)}
                </Text>
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </HomeCard>
  );
}
