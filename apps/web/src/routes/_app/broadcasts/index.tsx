import { Button, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSkeleton } from '../../../components/page-skeleton.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { broadcastListQueryOptions, FIRST_PAGE } from '../../../features/broadcasts/api/broadcasts-queries.ts';
import { BroadcastCard } from '../../../features/broadcasts/components/broadcast-card.tsx';
import { BroadcastComposer } from '../../../features/broadcasts/components/broadcast-composer.tsx';

export const Route = createFileRoute('/_app/broadcasts/')({
  validateSearch: z.object({
    page: z.coerce.number().int().positive().catch(1),
    compose: z.boolean().optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(broadcastListQueryOptions(deps.page)),
  component: BroadcastsPage,
});

/** Broadcasts (decision 029): what the office sent to many teams at once, newest first, and a new one. */
function BroadcastsPage() {
  const { page, compose } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { state } = useAuth();
  const timeZone = state.status === 'signedIn' ? (state.organization?.timezone ?? undefined) : undefined;
  const list = useQuery(broadcastListQueryOptions(page));
  const [composing, setComposing] = useState(compose === true);
  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="One message to many teams: athletes, guardians or coaches, with acknowledgement tracking."
        actions={
          <Button leftSection={<IconSpeakerphone size={16} />} onClick={() => setComposing(true)}>
            New broadcast
          </Button>
        }
      />
      {list.isPending ? (
        <PageSkeleton />
      ) : list.isError ? (
        <QueryError what="Broadcasts" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.result.length === 0 ? (
        <Text c="dimmed">
          No broadcasts yet. A weather cancellation, a bus change or a forms reminder reaches every team you choose in
          one go — start with “New broadcast”.
        </Text>
      ) : (
        <Stack gap="sm">
          {list.data.result.map((b) => (
            <BroadcastCard key={b.id} broadcast={b} timeZone={timeZone} />
          ))}
          {list.data.paginationInfo.pageCount > 1 && (
            <Pager
              total={list.data.paginationInfo.pageCount}
              value={page}
              onChange={(next) => void navigate({ search: { page: next } })}
            />
          )}
        </Stack>
      )}
      {composing && (
        <BroadcastComposer
          timeZone={timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
          onClose={() => setComposing(false)}
          onSent={(sent) =>
            void navigate({
              to: '/broadcasts/$broadcastId',
              params: { broadcastId: String(sent.id) },
              search: FIRST_PAGE,
            })
          }
        />
      )}
    </>
  );
}
