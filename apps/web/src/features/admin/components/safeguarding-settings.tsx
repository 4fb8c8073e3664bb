import {
  type PersonSummary,
  SAFEGUARDING_CONTACT_LIMIT,
  type SafeguardedConversation,
  type SafeguardingSettings,
} from '@fieldhouse/shared';
import { Alert, Badge, Button, Group, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock, IconMessageCircle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import stacked from '../../../components/stacked-table.module.css';
import { personName } from '../../../lib/person-name.ts';
import { safeguardingKeys, safeguardingQueryOptions, saveSafeguardingContacts } from '../api/safeguarding.ts';
import { EmptyRow } from './empty-row.tsx';

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const whyMinor = (m: SafeguardedConversation['minors'][number]) =>
  `${m.name} (${m.birthDateKnown ? 'under 18' : 'no date of birth'})`;

/**
 * Admin → Safeguarding (decision 018): who the school's second adult is in conversations with an
 * athlete under 18 that no guardian can see, and which conversations have one now (or are paused).
 */
export function SafeguardingSettingsPanel() {
  const { data } = useQuery(safeguardingQueryOptions());
  return (
    <Stack gap="md">
      {data ? (
        <ContactsCard settings={data} key={data.contacts.map((c) => c.id).join(',')} />
      ) : (
        <Paper withBorder h={220} />
      )}
      <ConversationsCard settings={data} />
    </Stack>
  );
}

function ContactsCard({ settings }: { settings: SafeguardingSettings }) {
  const queryClient = useQueryClient();
  const saved = settings.contacts.map((c) => String(c.id));
  const [chosen, setChosen] = useState<string[]>(saved);
  const dirty = chosen.join(',') !== saved.join(',');
  const save = useMutation({
    mutationFn: () => saveSafeguardingContacts(chosen.map(Number)),
    onSuccess: (next) => {
      queryClient.setQueryData(safeguardingKeys.all, next);
      toast.success(
        next.contacts.length ? 'Safeguarding contacts saved' : 'No contact named: athletic directors stand in',
      );
    },
    onError: (e) => toast.error(e.message),
  });
  const names = (people: PersonSummary[]) => list(people.map(personName));
  const standIn = settings.fallback.length
    ? `${names(settings.fallback)} (athletic ${settings.fallback.length === 1 ? 'director' : 'directors'})`
    : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xs" mb={4}>
        <IconShieldCheck size={20} color="var(--mantine-color-teal-6)" />
        <Title order={4}>Safeguarding contacts</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        Conversations between adults and athletes under 18 include the athletes’ guardians. When an athlete under 18 (or
        without a date of birth on file) has no guardian who can see a conversation, Fieldhouse adds a second adult from{' '}
        {settings.organization.name}, so every conversation stays open and observable, as the U.S. Center for
        SafeSport’s MAAPP asks.
      </Text>
      <MultiSelect
        label="Second adults"
        description={`Up to ${SAFEGUARDING_CONTACT_LIMIT} active administrators. They join only the conversations that need them, and leave when a guardian can see them.`}
        placeholder={chosen.length ? undefined : 'Nobody named'}
        data={settings.candidates.map((c) => ({ value: String(c.id), label: personName(c) }))}
        value={chosen}
        onChange={setChosen}
        maxValues={SAFEGUARDING_CONTACT_LIMIT}
        searchable
        clearable
        maw={560}
      />
      <Alert mt="md" color={chosen.length || standIn ? 'blue' : 'yellow'} variant="light" maw={760}>
        {chosen.length
          ? 'Where a contact is the adult in the conversation, another contact (or an athletic director) joins instead.'
          : standIn
            ? `While nobody is named, ${standIn} ${settings.fallback.length === 1 ? 'is' : 'are'} the second adult.`
            : 'Nobody is named and the school has no active athletic director: conversations that need a second adult are refused or paused until someone is named.'}
      </Alert>
      <Group justify="flex-end" mt="md">
        <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setChosen(saved)}>
          Undo
        </Button>
        <Button disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
          Save contacts
        </Button>
      </Group>
    </Paper>
  );
}

function Status({ conversation }: { conversation: SafeguardedConversation }) {
  return conversation.hold ? (
    <Badge color="yellow" variant="light" leftSection={<IconLock size={12} />}>
      Paused
    </Badge>
  ) : (
    <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />}>
      Observed
    </Badge>
  );
}

function OpenButton({ conversation }: { conversation: SafeguardedConversation }) {
  const navigate = useNavigate();
  if (!conversation.viewerIsMember)
    return (
      <Text size="xs" c="dimmed">
        Read it in Supervision
      </Text>
    );
  return (
    <Button
      onClick={() => void navigate({ to: '/messages', search: { tab: 'ATHLETES', roomId: conversation.roomId } })}
      size="xs"
      variant="light"
      leftSection={<IconMessageCircle size={14} />}
    >
      Open
    </Button>
  );
}

function ConversationsCard({ settings }: { settings: SafeguardingSettings | undefined }) {
  const rows = settings?.conversations ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4}>Conversations with a second adult</Title>
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        Each holds an athlete under 18 who has no guardian able to see it. A paused one takes no messages until a
        guardian is linked or a second adult can join.
      </Text>
      <Table verticalSpacing="sm" className={stacked.table} data-testid="safeguarded-conversations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conversation</Table.Th>
            <Table.Th>Athletes without a guardian</Table.Th>
            <Table.Th>Second adult</Table.Th>
            <Table.Th w={140}>Status</Table.Th>
            <Table.Th w={150}>
              <span className={stacked.visuallyHidden}>Open</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <EmptyRow colSpan={5} loading={!settings}>
              No conversation needs a second adult right now.
            </EmptyRow>
          )}
          {rows.map((c) => (
            <Table.Tr key={c.roomId}>
              <Table.Td data-label="Conversation">
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {c.title}
                  </Text>
                  <Badge size="xs" variant="light" color={c.kind === 'TEAM' ? 'teal' : 'blue'}>
                    {c.kind.toLowerCase()}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td data-label="Athletes without a guardian">
                <Text size="sm">{list(c.minors.map(whyMinor)) || '—'}</Text>
              </Table.Td>
              <Table.Td data-label="Second adult">
                <Text size="sm">{list(c.observers.map((o) => o.name)) || '—'}</Text>
              </Table.Td>
              <Table.Td data-label="Status">
                <Status conversation={c} />
              </Table.Td>
              <Table.Td>
                <OpenButton conversation={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
