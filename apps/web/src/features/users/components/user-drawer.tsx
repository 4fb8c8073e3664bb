import { openDirectRoom } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { ProtectedAvatar } from '@fieldhouse/client/protected-avatar.tsx';
import {
  classLabel,
  formatDisplayDate,
  ROLE_LABELS,
  type Role,
  type TabValue,
  USER_STATUS_LABELS,
  type User,
} from '@fieldhouse/shared';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconChevronDown,
  IconMail,
  IconMessage,
  IconPencil,
  IconPlayerPause,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/query-error.tsx';
import { SportIcon } from '../../../components/sport-icon.tsx';
import { changeUserStatus, deleteUser, resendInvite, userDetailQueryOptions, usersKeys } from '../api/users-queries.ts';
import { fullName, initials, ROLE_COLORS, STATUS_COLORS } from './labels.ts';

type StatusAction = { status: 'ACTIVE' | 'INACTIVE' | 'SUSPENDED'; label: string; verb: string; color: string };
const STATUS_ACTIONS: StatusAction[] = [
  { status: 'ACTIVE', label: 'Activate', verb: 'activate', color: 'green' },
  { status: 'INACTIVE', label: 'Deactivate', verb: 'deactivate', color: 'gray' },
  { status: 'SUSPENDED', label: 'Suspend', verb: 'suspend', color: 'red' },
];

type Props = {
  userId: number | null;
  actor: { id: number; role: Role };
  onClose: () => void;
  onEdit: (user: User) => void;
};

/** Which Messages tab a person's conversation is under; staff have none. */
const TAB_OF: Partial<Record<Role, TabValue>> = { COACH: 'COACHES', ATHLETE: 'ATHLETES', PARENT: 'GUARDIANS' };

/**
 * A person's profile, teams, family links and sign-in state, with the actions on them. It is a
 * URL (`/users/?person=<id>`): shared, bookmarked, and closed with Back.
 */
export function UserDrawer({ userId, actor, onClose, onEdit }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const message = useMutation({
    mutationFn: async (user: User) => ({ room: await openDirectRoom(user.id), tab: TAB_OF[user.role as Role] }),
    onSuccess: ({ room, tab }) =>
      void navigate({ to: '/messages', search: { tab: tab ?? 'COACHES', roomId: room.id } }),
    onError: (e) => toast.error(e.message),
  });
  const detail = useQuery({ ...userDetailQueryOptions(userId ?? 0), enabled: userId !== null });
  const [confirm, setConfirm] = useState<StatusAction | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
  const statusMutation = useMutation({
    mutationFn: (status: StatusAction['status']) => changeUserStatus(userId as number, status),
    onSuccess: async (user) => {
      await refresh();
      toast.success(`${fullName(user)} is now ${USER_STATUS_LABELS[user.status].toLowerCase()}`);
      setConfirm(null);
    },
    onError: (e) => toast.error(e.message),
  });
  const deleteMutation = useMutation({
    mutationFn: () => deleteUser(userId as number),
    onSuccess: async () => {
      await refresh();
      toast.success('User deleted');
      setConfirm(null);
      onClose();
    },
    onError: (e) => toast.error(e.message),
  });
  const inviteMutation = useMutation({
    mutationFn: () => resendInvite(userId as number),
    onSuccess: () => toast.success('A new invite is on its way'),
    onError: (e) => toast.error(e.message),
  });

  const data = detail.data;
  const user = data?.user;
  const self = user?.id === actor.id;
  const teams = user
    ? [
        ...user.JoinedTeams.map((t) => ({ ...t, label: 'Athlete' })),
        ...(user.Coach?.TeamCoaches.flatMap((tc) =>
          tc.Team ? [{ ...tc.Team, label: tc.role === 'HEAD' ? 'Head coach' : 'Assistant coach' }] : [],
        ) ?? []),
      ]
    : [];

  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Person"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending && userId !== null && <Loader m="xl" aria-label="Loading" />}
      {detail.isError && (
        <QueryError
          what="This person"
          error={detail.error}
          onRetry={() => detail.refetch()}
          retrying={detail.isFetching}
        />
      )}
      {user && data && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <ProtectedAvatar
              src={user.userImage}
              size={64}
              radius="xl"
              color={user.role ? ROLE_COLORS[user.role] : 'gray'}
            >
              {initials(user)}
            </ProtectedAvatar>
            <Stack gap={4}>
              <Title order={3}>{fullName(user)}</Title>
              <Group gap={6}>
                {user.role && (
                  <Badge variant="light" color={ROLE_COLORS[user.role]}>
                    {ROLE_LABELS[user.role]}
                  </Badge>
                )}
                <Badge variant="dot" color={STATUS_COLORS[user.status]}>
                  {USER_STATUS_LABELS[user.status]}
                </Badge>
              </Group>
            </Stack>
          </Group>
          {data.account?.status === 'FORCE_CHANGE_PASSWORD' && (
            <Alert color="yellow" variant="light" title="Has not signed in yet">
              <Group justify="space-between">
                <Text size="sm">The invite is waiting for a first sign-in.</Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMail size={14} />}
                  loading={inviteMutation.isPending}
                  onClick={() => inviteMutation.mutate()}
                >
                  Resend invite
                </Button>
              </Group>
            </Alert>
          )}
          <Stack gap={6}>
            <Field label="E-mail" value={user.email} />
            <Field label="Phone" value={user.contactNumber ?? '—'} />
            <Field
              label="Date of birth"
              value={user.dateOfBirth ? formatDisplayDate(`${user.dateOfBirth}T12:00:00Z`) : '—'}
            />
            {user.role === 'ATHLETE' && <Field label="Class" value={classLabel(user.graduationYear) ?? '—'} />}
            <Field label="Added" value={formatDisplayDate(user.createdAt)} />
            {user.bio && <Field label="Notes" value={user.bio} />}
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Text fw={600}>Teams</Text>
            {teams.length === 0 && (
              <Text size="sm" c="dimmed">
                Not on a team.
              </Text>
            )}
            {teams.map((team) => (
              <Group key={`${team.label}-${team.id}`} justify="space-between">
                <Group gap={6}>
                  <SportIcon icon={team.Sport.icon} />
                  <Text size="sm">{team.name}</Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {team.label}
                </Text>
              </Group>
            ))}
          </Stack>
          {(data.guardians.length > 0 || data.athletes.length > 0) && (
            <Stack gap="xs">
              <Text fw={600}>{data.guardians.length > 0 ? 'Guardians' : 'Guardian of'}</Text>
              {[...data.guardians, ...data.athletes].map((person) => (
                // The relationship sits beside the name: beside a long e-mail it wrapped onto its own line.
                <Stack key={person.id} gap={0}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{fullName(person)}</Text>
                    <Badge variant="outline" color="gray" size="sm">
                      {person.relationship}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {person.email}
                    {person.contactNumber ? ` · ${person.contactNumber}` : ''}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
          {data.statusHistory.length > 0 && (
            <Stack gap="xs">
              <Text fw={600}>Status history</Text>
              <Timeline bulletSize={14} lineWidth={2} active={data.statusHistory.length}>
                {data.statusHistory.map((event) => (
                  <Timeline.Item
                    key={`${event.createdAt}-${event.toStatus}`}
                    color={STATUS_COLORS[event.toStatus]}
                    title={
                      <Text size="sm">
                        {event.fromStatus
                          ? `${USER_STATUS_LABELS[event.fromStatus]} → ${USER_STATUS_LABELS[event.toStatus]}`
                          : `Added as ${USER_STATUS_LABELS[event.toStatus].toLowerCase()}`}
                      </Text>
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {formatDisplayDate(event.createdAt)}
                      {event.changedBy ? ` · by ${event.changedBy.name}` : ''}
                      {event.reason ? ` · ${event.reason}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          )}
          <Divider />
          <Group>
            {!self && user.role && TAB_OF[user.role] && user.status === 'ACTIVE' && (
              <Button
                leftSection={<IconMessage size={16} />}
                loading={message.isPending}
                onClick={() => message.mutate(user)}
              >
                Message
              </Button>
            )}
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(user)}>
              Edit
            </Button>
            {!self && (
              <Menu position="bottom-start">
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={14} />}>
                    Change status
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {STATUS_ACTIONS.filter((a) => a.status !== user.status).map((action) => (
                    <Menu.Item
                      key={action.status}
                      color={action.status === 'SUSPENDED' ? 'red' : undefined}
                      leftSection={
                        action.status === 'ACTIVE' ? (
                          <IconCheck size={16} />
                        ) : action.status === 'SUSPENDED' ? (
                          <IconBan size={16} />
                        ) : (
                          <IconPlayerPause size={16} />
                        )
                      }
                      onClick={() => setConfirm(action)}
                    >
                      {action.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            {!self && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirm('delete')}
              >
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Please confirm" centered>
        {user && confirm && (
          <Stack>
            <Text size="sm">
              {confirm === 'delete'
                ? `Delete ${fullName(user)}? They can no longer sign in and disappear from lists. Their history is kept.`
                : `${confirm.label} ${fullName(user)}? ${confirm.status === 'ACTIVE' ? 'They can sign in again.' : 'They are signed out and cannot sign in until reactivated.'}`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                color={confirm === 'delete' ? 'red' : confirm.color}
                loading={statusMutation.isPending || deleteMutation.isPending}
                onClick={() => (confirm === 'delete' ? deleteMutation.mutate() : statusMutation.mutate(confirm.status))}
              >
                {confirm === 'delete' ? 'Delete' : confirm.label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Drawer>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}
