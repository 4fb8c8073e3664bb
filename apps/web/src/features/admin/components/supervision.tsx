import { type SupervisedConversation, supervisionReasonSchema } from '@fieldhouse/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconFileTypeCsv, IconFileTypePdf, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Pager } from '../../../components/pager.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { conversationsQueryOptions, exportConversation, readConversation } from '../api/conversations.ts';
import { EmptyRow } from './empty-row.tsx';

const name = (p: { firstName: string; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Safeguarding oversight: find any conversation of the organization, then read it with a recorded reason. */
export function Supervision() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<SupervisedConversation | null>(null);
  const { data } = useQuery(conversationsQueryOptions({ search: debounced, page, limit: 15 }));
  const info = data?.data.paginationInfo;
  const rows = data?.data.result ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md" align="flex-end">
        <div>
          <Title order={4}>Message supervision</Title>
          <Text size="sm" c="dimmed">
            Read-only oversight for safeguarding. Every reading and export is recorded in the audit log with your
            reason.
          </Text>
        </div>
        <TextInput
          aria-label="Search conversations"
          placeholder="Person, team or message text"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>
      {/* On a phone each conversation is a card (stacked-table.module.css). */}
      <Table
        verticalSpacing="sm"
        highlightOnHover
        className={stacked.grid}
        style={{ '--stacked-actions-width': '6rem' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conversation</Table.Th>
            <Table.Th>Participants</Table.Th>
            <Table.Th>Last message</Table.Th>
            <Table.Th w={90}>Messages</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <EmptyRow colSpan={5} loading={!data}>
              No conversation matches.
            </EmptyRow>
          )}
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td className={stacked.title}>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                <Badge size="xs" variant="light" color={c.kind === 'TEAM' ? 'teal' : 'blue'}>
                  {c.kind.toLowerCase()}
                </Badge>
              </Table.Td>
              <Table.Td maw={280} data-label="Participants" className={stacked.wide}>
                <Text size="sm" lineClamp={2}>
                  {c.participants.map((p) => `${name(p)}${p.reason === 'GUARDIAN' ? ' (guardian)' : ''}`).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td maw={320} data-label="Last message">
                {c.lastMessage ? (
                  <>
                    <Text size="sm" lineClamp={1}>
                      {c.lastMessage.senderName ?? 'System note'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {stamp(c.lastMessage.createdAt)}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Messages">{c.messageCount}</Table.Td>
              <Table.Td className={stacked.actions}>
                <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => setOpened(c)}>
                  Open
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {info && info.pageCount > 1 && (
        <Pager mt="md" total={info.pageCount} value={info.currentPage} onChange={setPage} />
      )}
      {opened && <SupervisedConversationModal conversation={opened} onClose={() => setOpened(null)} />}
    </Paper>
  );
}

function SupervisedConversationModal({
  conversation,
  onClose,
}: {
  conversation: SupervisedConversation;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const read = useMutation({
    mutationFn: (why: string) => readConversation(conversation.id, why),
    onSuccess: (_data, why) => setConfirmed(why),
    onError: (e) => setError(e.message),
  });
  const exporting = useMutation({
    mutationFn: (format: 'csv' | 'pdf') =>
      exportConversation(conversation.id, confirmed ?? '', format, conversation.name),
    onError: (e) => toast.error(e.message),
  });
  const submit = () => {
    const parsed = supervisionReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setError(null);
    read.mutate(parsed.data);
  };
  const thread = read.data;
  return (
    <Modal opened onClose={onClose} size="xl" title={`Supervise: ${conversation.name}`} centered>
      {!confirmed || !thread ? (
        <Stack>
          <Alert color="yellow" icon={<IconShieldCheck size={18} />} title="A reason is required">
            You are about to read a conversation you are not part of. Your name, the time and your reason are recorded
            in the audit log. Nobody is notified and nothing is marked as read.
          </Alert>
          <Textarea
            label="Reason"
            description="For example a safeguarding concern or a records request reference (at least 10 characters)"
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={read.isPending}>
              Show messages
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div>
              <Text size="sm">
                <Text span fw={600}>
                  Participants:{' '}
                </Text>
                {thread.conversation.participants
                  .map((p) => `${name(p)}${p.reason === 'GUARDIAN' ? ' (guardian)' : ''}`)
                  .join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                Reason recorded: {confirmed}
              </Text>
            </div>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileTypePdf size={16} />}
                loading={exporting.isPending && exporting.variables === 'pdf'}
                onClick={() => exporting.mutate('pdf')}
              >
                Export PDF
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileTypeCsv size={16} />}
                loading={exporting.isPending && exporting.variables === 'csv'}
                onClick={() => exporting.mutate('csv')}
              >
                Export CSV
              </Button>
            </Group>
          </Group>
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Stack gap="sm" aria-label="Messages (read-only)">
              {thread.messages.length === 0 && <Text c="dimmed">No messages.</Text>}
              {thread.messages.map((m) => (
                <Paper
                  key={m.id}
                  data-message-id={m.id}
                  withBorder
                  p="sm"
                  radius="md"
                  bg={m.deleted ? 'var(--mantine-color-gray-light)' : undefined}
                >
                  <Group justify="space-between" gap="xs" mb={4}>
                    <Text size="sm" fw={600}>
                      {m.sender ? name(m.sender) : 'Fieldhouse'}
                      {m.sender?.role && (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          · {m.sender.role.toLowerCase()}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {stamp(m.createdAt)}
                      {m.editedAt ? ` · edited ${stamp(m.editedAt)}` : ''}
                      {m.deleted ? ` · unsent by sender${m.deletedAt ? ` ${stamp(m.deletedAt)}` : ''}` : ''}
                    </Text>
                  </Group>
                  {/* Every earlier text of an edited message, oldest first (decision 023). */}
                  {m.versions.map((v) => (
                    <Text key={v.replacedAt} size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      <Text span size="xs" fw={600} style={{ display: 'inline-block' }}>
                        Earlier version (replaced {stamp(v.replacedAt)}):
                      </Text>{' '}
                      {v.content}
                    </Text>
                  ))}
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.content || `[${m.messageType.toLowerCase()}]`}
                  </Text>
                  {m.attachments.length > 0 && (
                    <Text size="xs" c="dimmed" mt={4}>
                      Attachments: {m.attachments.map((a) => a.fileName).join(', ')}
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {thread.paginationInfo.pageCount > 1 && (
            <Text size="xs" c="dimmed">
              Showing the first {thread.messages.length} of {thread.paginationInfo.totalCount} messages; export for the
              full record.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
