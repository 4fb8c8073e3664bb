import type { Role } from '@fieldhouse/shared';
import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAuth } from '../../auth/hooks/use-auth.ts';
import { dashboardQueryOptions } from '../api/dashboard-queries.ts';
import { AwaitingSignInCard } from './awaiting-sign-in-card.tsx';
import { QuickActions } from './quick-actions.tsx';
import { StatCards } from './stat-cards.tsx';
import { UnreadCard } from './unread-card.tsx';

const greeting = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

type Props = { events: ReactNode; recentChanges: ReactNode | null };

/** The home screen: what an athletic director wants at 7 a.m. (issue #8). */
export function HomeDashboard({ events, recentChanges }: Props) {
  const auth = useAuth();
  const summary = useQuery(dashboardQueryOptions());
  if (auth.state.status !== 'signedIn') return null;
  const { user, organization } = auth.state;
  const now = new Date();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>
            {greeting(now.getHours())}, {user.firstName}
          </Title>
          <Text c="dimmed">
            {now.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })}
            {organization ? ` · ${organization.name}` : ''}
          </Text>
        </Stack>
        <QuickActions actorRole={user.role as Role} />
      </Group>
      <StatCards counts={summary.data?.counts} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>{events}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" h="100%">
            <UnreadCard />
            {!recentChanges && <AwaitingSignInCard data={summary.data?.awaitingFirstSignIn} />}
          </Stack>
        </Grid.Col>
        {recentChanges && (
          <>
            <Grid.Col span={{ base: 12, md: 8 }}>{recentChanges}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <AwaitingSignInCard data={summary.data?.awaitingFirstSignIn} />
            </Grid.Col>
          </>
        )}
      </Grid>
    </Stack>
  );
}
