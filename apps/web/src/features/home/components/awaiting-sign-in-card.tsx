import { type DashboardSummary, formatDisplayDate, roleLabel } from '@fieldhouse/shared';
import { ActionIcon, Avatar, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconUserExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { resendInvite } from '../../users/api/users-queries.ts';
import { HomeCard } from './home-card.tsx';

/** People invited who have not set their password yet, with a resend for each. */
export function AwaitingSignInCard({
  data,
  failed = false,
}: {
  data: DashboardSummary['awaitingFirstSignIn'] | undefined;
  /** The dashboard answer failed (its error and Try again are shown above the cards). */
  failed?: boolean;
}) {
  const resend = useMutation({
    mutationFn: resendInvite,
    onSuccess: () => toast.success('Invitation sent again'),
    onError: (error) => toast.error(error.message),
  });
  return (
    <HomeCard
      icon={IconUserExclamation}
      title="Awaiting first sign-in"
      aside={
        <Badge variant="light" color={data?.count ? 'yellow' : 'gray'}>
          {data ? data.count : '–'}
        </Badge>
      }
    >
      {!data && !failed && <Skeleton h={60} />}
      {!data && failed && (
        <Text size="sm" c="dimmed">
          Not available while the school’s figures cannot be loaded.
        </Text>
      )}
      {data && data.people.length === 0 && (
        <Text size="sm" c="dimmed">
          Everyone you invited has signed in.
        </Text>
      )}
      <Stack gap="xs">
        {data?.people.map((p) => {
          const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
          return (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar name={name} color="initials" size="sm" />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {roleLabel(p.role)} · invited {formatDisplayDate(p.invitedAt)}
                  </Text>
                </div>
              </Group>
              <Tooltip label={`Send ${p.firstName} a new invitation`}>
                <ActionIcon
                  variant="light"
                  aria-label={`Resend the invitation to ${name}`}
                  loading={resend.isPending && resend.variables === p.id}
                  onClick={() => resend.mutate(p.id)}
                >
                  <IconMailForward size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
      </Stack>
    </HomeCard>
  );
}
