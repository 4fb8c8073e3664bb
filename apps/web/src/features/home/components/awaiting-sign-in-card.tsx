import { type DashboardSummary, formatDisplayDate } from '@fieldhouse/shared';
import { ActionIcon, Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconUserExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { resendInvite } from '../../users/api/users-queries.ts';
import { HomeCard } from './home-card.tsx';

const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase().replaceAll('_', ' ');

/** People invited who have not set their password yet, with a resend for each. */
export function AwaitingSignInCard({ data }: { data: DashboardSummary['awaitingFirstSignIn'] | undefined }) {
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
          {data?.count ?? 0}
        </Badge>
      }
    >
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
