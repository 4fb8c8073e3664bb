import { type BroadcastTarget, plural } from '@fieldhouse/shared';
import { Alert, Box, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconShieldCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { broadcastPreviewQueryOptions } from '../api/broadcasts-queries.ts';

const COLUMN_LABELS = { athletes: 'Athletes', guardians: 'Guardians', coaches: 'Coaches' } as const;
const COLUMN_ROLES = { athletes: 'ATHLETE', guardians: 'GUARDIAN', coaches: 'COACH' } as const;

/**
 * Whom the choice reaches, before sending: the distinct total (read aloud as it changes), each
 * team's athletes, guardians and coaches, and the guardians safeguarding brings in for minors.
 */
export function RecipientPreview({ target, enabled }: { target: BroadcastTarget; enabled: boolean }) {
  const preview = useQuery({ ...broadcastPreviewQueryOptions(target), enabled });
  if (!enabled) {
    return (
      <Text size="sm" c="dimmed">
        Choose teams and who receives it to see how many people it reaches.
      </Text>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="yellow" variant="light">
        {preview.error.message}
      </Alert>
    );
  }
  const data = preview.data;
  // The roles it reaches: the chosen ones, and guardians where athletes bring them in.
  const chosen = new Set(target.audiences);
  const columns = (['athletes', 'guardians', 'coaches'] as const).filter(
    (c) => chosen.has(COLUMN_ROLES[c]) || (c === 'guardians' && chosen.has('ATHLETE')),
  );
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group gap="xs" aria-live="polite">
          <IconUsers size={18} aria-hidden />
          {data ? (
            <Text fw={600}>
              Reaches {plural(data.recipients, 'person', 'people')} on {plural(data.teams.length, 'team')}
            </Text>
          ) : (
            <Loader size="xs" aria-label="Counting recipients" />
          )}
          {preview.isFetching && data && <Loader size="xs" aria-hidden />}
        </Group>
        {data?.staffRoom && (
          <Text size="sm" c="dimmed">
            Coaches only: it goes to the coaches’ room, which athletes and families do not see.
          </Text>
        )}
        {data && data.guardiansForMinors > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconShieldCheck size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              Includes {plural(data.guardiansForMinors, 'guardian')} of athletes under 18, who see what their child
              receives.
            </Text>
          </Group>
        )}
        {data && data.teams.length > 0 && (
          // A scrolling region keyboard users can reach (focusable, named): axe's scrollable-region rule.
          <Box role="region" aria-label="Recipients per team" tabIndex={0} style={{ maxHeight: 180, overflow: 'auto' }}>
            <Table fz="sm" verticalSpacing={4} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Team</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c} ta="right">
                      {COLUMN_LABELS[c]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.teams.map((t) => (
                  <Table.Tr key={t.teamId}>
                    <Table.Td>{t.name}</Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c} ta="right">
                        {t[c]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
