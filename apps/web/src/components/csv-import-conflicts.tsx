/**
 * The import preview's rows that are valid but double-book (the schedule import, decision 010):
 * each row with what it conflicts with, and the director's choice to import them anyway or skip
 * them. Imports without conflicts never show it.
 */
import { Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { CsvRowIssues } from './csv-row-issues.tsx';

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
      <CsvRowIssues
        rows={rows.map((r) => ({ row: r.row, issues: r.conflicts }))}
        rowName={rowName}
        color="orange"
        testId="row-conflict"
        maxHeight={240}
      />
    </Paper>
  );
}
