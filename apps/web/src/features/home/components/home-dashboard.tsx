import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { todayText } from '../../../lib/today-text.ts';
import { dashboardQueryOptions } from '../api/dashboard-queries.ts';
import { AwaitingSignInCard } from './awaiting-sign-in-card.tsx';
import { StatCards } from './stat-cards.tsx';

const greeting = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

type Props = {
  firstName: string;
  /** The school every figure below is about (the switcher's, for a super admin). */
  organizationName: string | null;
  actions: ReactNode;
  /** "Finish setting up" while the school has no teams or athletes. */
  setup: ReactNode;
  events: ReactNode;
  unread: ReactNode;
  recentChanges: ReactNode | null;
};

/** The home screen: what an athletic director wants at 7 a.m. (issue #8). */
export function HomeDashboard({ firstName, organizationName, actions, setup, events, unread, recentChanges }: Props) {
  const summary = useQuery(dashboardQueryOptions());
  const now = new Date();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {greeting(now.getHours())}, {firstName}
          </Title>
          <Text c="dimmed">
            {todayText(now)}
            {organizationName ? ` · ${organizationName}` : ''}
          </Text>
        </Stack>
        {actions}
      </Group>
      {setup}
      {summary.isError ? (
        <QueryError
          what="The school’s figures"
          error={summary.error}
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <StatCards counts={summary.data?.counts} />
      )}
      {/* The cards below the figures after them: a phone draws the dashboard in parts (issue 20). */}
      <Deferred>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>{events}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" h="100%">
              {unread}
              {!recentChanges && (
                <AwaitingSignInCard data={summary.data?.awaitingFirstSignIn} failed={summary.isError} />
              )}
            </Stack>
          </Grid.Col>
          {recentChanges && (
            <>
              <Grid.Col span={{ base: 12, md: 8 }}>{recentChanges}</Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <AwaitingSignInCard data={summary.data?.awaitingFirstSignIn} failed={summary.isError} />
              </Grid.Col>
            </>
          )}
        </Grid>
      </Deferred>
    </Stack>
  );
}
