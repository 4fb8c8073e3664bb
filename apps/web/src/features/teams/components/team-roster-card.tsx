import { classLabel, type PersonPick, plural, type TeamDetail } from '@fieldhouse/shared';
import {
  ActionIcon,
  Avatar,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type PersonPage, PersonPicker } from '../../../components/person-picker.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { personName } from '../../../lib/person-name.ts';
import { peopleKeys, searchPeople } from '../../users/api/people-search.ts';
import { useAddAthletes, useEditJersey, useRemoveAthlete } from '../api/team-roster-mutations.ts';

type Athlete = TeamDetail['athletes'][number];

/** The roster: add athletes from the whole organization, edit numbers in place, remove with undo; cards on phones. */
export function TeamRosterCard({ team }: { team: TeamDetail }) {
  const [picked, setPicked] = useState<PersonPick[]>([]);
  const add = useAddAthletes(team.id);
  const remove = useRemoveAthlete(team);
  const byNumber = new Map<string, Athlete[]>();
  for (const a of team.athletes) {
    if (a.jerseyNumber) byNumber.set(a.jerseyNumber, [...(byNumber.get(a.jerseyNumber) ?? []), a]);
  }
  const query = { role: 'ATHLETE', search: '', teamId: team.id } as const;
  return (
    <Card withBorder radius="md">
      <Stack gap="sm" mb="sm">
        <Title order={2} fz="h4">
          Roster · {plural(team.athletes.length, 'athlete')}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
            <PersonPicker
              label="Add athletes"
              placeholder="Search athletes by name or e-mail"
              queryKey={peopleKeys.search(query)}
              fetchPage={(search, page): Promise<PersonPage> => searchPeople({ ...query, search }, page)}
              value={picked}
              onChange={setPicked}
              unavailable={(p) => (p.onTeam ? 'On the roster' : null)}
            />
          </div>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={picked.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                picked.map((p) => p.id),
                { onSuccess: () => setPicked([]) },
              )
            }
          >
            {picked.length > 1 ? `Add ${picked.length} to roster` : 'Add to roster'}
          </Button>
        </Group>
      </Stack>
      <Table verticalSpacing="sm" highlightOnHover className={stacked.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Athlete</Table.Th>
            <Table.Th>Guardians</Table.Th>
            <Table.Th>
              <span className={stacked.visuallyHidden}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.athletes.map((athlete) => (
            <Table.Tr key={athlete.id}>
              <Table.Td w={84} data-label="#">
                <JerseyCell
                  teamId={team.id}
                  athlete={athlete}
                  sharedWith={(byNumber.get(athlete.jerseyNumber ?? '') ?? []).filter((a) => a.id !== athlete.id)}
                />
              </Table.Td>
              <Table.Td data-label="Athlete">
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" size={30} color="orange" aria-hidden>
                    {athlete.firstName[0]}
                    {athlete.lastName?.[0]}
                  </Avatar>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {personName(athlete)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[classLabel(athlete.graduationYear), athlete.email].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td data-label="Guardians">
                {athlete.guardians.length === 0 && (
                  <Text size="xs" c="dimmed">
                    None on file
                  </Text>
                )}
                {athlete.guardians.map((g) => (
                  <Text key={g.id} size="xs">
                    {personName(g)} ({g.relationship}){g.contactNumber ? ` · ${g.contactNumber}` : ''}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td w={56} className={stacked.actions}>
                <Tooltip label="Remove from roster">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Remove ${personName(athlete)} from the roster`}
                    onClick={() => remove.mutate(athlete)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {team.athletes.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          No athletes on the roster yet. Search above to add them, or import a roster on the Users page.
        </Text>
      )}
    </Card>
  );
}

/** A jersey number, edited where it is shown: click, type, Enter (Escape keeps the old one). */
function JerseyCell({ teamId, athlete, sharedWith }: { teamId: number; athlete: Athlete; sharedWith: Athlete[] }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(athlete.jerseyNumber ?? '');
  const edit = useEditJersey(teamId);
  const name = personName(athlete);
  const save = () => {
    setEditing(false);
    if (draft.trim() !== (athlete.jerseyNumber ?? '')) edit.mutate({ athlete, jerseyNumber: draft.trim() });
  };
  if (editing) {
    return (
      <TextInput
        size="xs"
        w={64}
        maxLength={4}
        autoFocus
        aria-label={`Jersey number for ${name}`}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') {
            setDraft(athlete.jerseyNumber ?? '');
            setEditing(false);
          }
        }}
      />
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Change the jersey number">
        <UnstyledButton
          aria-label={`Jersey number for ${name}: ${athlete.jerseyNumber ?? 'none'}. Change`}
          data-touch-target
          onClick={() => {
            setDraft(athlete.jerseyNumber ?? '');
            setEditing(true);
          }}
          px={6}
          style={{ borderRadius: 4, border: '1px dashed var(--mantine-color-default-border)' }}
        >
          <Text fw={600} ta="center" miw={24}>
            {athlete.jerseyNumber ?? '—'}
          </Text>
        </UnstyledButton>
      </Tooltip>
      {sharedWith.length > 0 && (
        <Tooltip label={`Also worn by ${sharedWith.map(personName).join(', ')}`}>
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-yellow-6)"
            role="img"
            aria-label={`#${athlete.jerseyNumber} is also worn by ${sharedWith.map(personName).join(', ')}`}
          />
        </Tooltip>
      )}
    </Group>
  );
}
