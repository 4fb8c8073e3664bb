import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconCalendarPlus, IconMessagePlus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, Suspense, useState } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import { teamsQueryOptions } from '../../teams/api/teams-queries.ts';

/** The three things a director starts the day with: an event, a person, a message to a team. */
type Props = {
  /**
   * The users feature's form, passed in by the route (features do not import each other's
   * components). It may suspend while its code loads: it is first drawn (closed) when a pointer or
   * the keyboard reaches the button, so its code is usually in by the click.
   */
  addUserModal: (props: { opened: boolean; onClose: () => void }) => ReactNode;
};

export function QuickActions({ addUserModal }: Props) {
  const navigate = useNavigate();
  const teams = useQuery(teamsQueryOptions());
  const [adding, setAdding] = useState(false);
  const [addWanted, setAddWanted] = useState(false);
  const wantAdd = () => setAddWanted(true);
  const [messaging, setMessaging] = useState(false);
  const [teamId, setTeamId] = useState<string | null>(null);
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconCalendarPlus size={16} />}
        renderRoot={(props) => <Link to="/calendar" {...props} />}
      >
        New event
      </Button>
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} />}
        onPointerEnter={wantAdd}
        onFocus={wantAdd}
        onClick={() => {
          wantAdd();
          setAdding(true);
        }}
      >
        Add user
      </Button>
      <Button leftSection={<IconMessagePlus size={16} />} onClick={() => setMessaging(true)}>
        Message a team
      </Button>
      <Deferred>
        {addWanted && (
          <Suspense fallback={null}>{addUserModal({ opened: adding, onClose: () => setAdding(false) })}</Suspense>
        )}
        <Modal opened={messaging} onClose={() => setMessaging(false)} title="Message a team" centered>
          <Stack>
            <Select
              label="Team"
              placeholder="Choose a team"
              searchable
              data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={teamId}
              onChange={setTeamId}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button
                disabled={!teamId}
                onClick={() => teamId && void navigate({ to: '/teams/$teamId/chats', params: { teamId }, search: {} })}
              >
                Open team chat
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Deferred>
    </Group>
  );
}
