/**
 * The import preview's rows that are valid but double-book (the schedule import, decision 010):
 * each row with what it conflicts with, and the director's choice to import them anyway or skip
 * them. Imports without conflicts never show it.
 */
import { Badge, Group, List, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';

export type ConflictChoice = 'import' | 'skip';

export function CsvImportConflicts({
  rows,
  rowName,
  choice,
  onChoice,
  disabled,
}: {
  rows: { row: number; conflicts: string[] }[];
  rowName: (row: number) => string;
  choice: ConflictChoice;
  onChoice: (choice: ConflictChoice) => void;
  disabled: boolean;
}) {
  const n = rows.length;
  return (
    <Paper withBorder radius="md" p={0} data-testid="import-conflicts">
      <Stack gap="xs" px="md" py="xs">
        <Text fw={600} size="sm">
          {n === 1 ? '1 row conflicts' : `${n.toLocaleString('en-US')} rows conflict`} with the calendar or with each
          other
        </Text>
        <Radio.Group
          value={choice}
          onChange={(value) => onChoice(value as ConflictChoice)}
          label="These rows"
          size="sm"
        >
          <Group gap="md" mt={4}>
            <Radio value="import" label="Import anyway" disabled={disabled} />
            <Radio value="skip" label="Skip them" disabled={disabled} />
          </Group>
        </Radio.Group>
      </Stack>
      <ScrollArea.Autosize mah={240}>
        <Stack gap={0}>
          {rows.map((r) => (
            <Group
              key={r.row}
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              px="md"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              data-testid="row-conflict"
            >
              <Badge variant="light" color="orange" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
                Row {r.row}
              </Badge>
              <Stack gap={2} style={{ minWidth: 0 }}>
                {rowName(r.row) && (
                  <Text size="sm" fw={600}>
                    {rowName(r.row)}
                  </Text>
                )}
                <List size="sm" spacing={0}>
                  {r.conflicts.map((c) => (
                    <List.Item key={c}>{c}</List.Item>
                  ))}
                </List>
              </Stack>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
