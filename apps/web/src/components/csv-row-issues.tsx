/**
 * The import preview's list of rows with what is wrong with each (errors, or conflicts): the row
 * number, the row's name when it has one, and every issue. Both lists of the wizard use it.
 */
import { Badge, Group, List, ScrollArea, Stack, Text } from '@mantine/core';

export function CsvRowIssues({
  rows,
  rowName,
  color,
  testId,
  maxHeight,
}: {
  rows: { row: number; issues: string[] }[];
  rowName: (row: number) => string;
  color: string;
  testId: string;
  maxHeight: number;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight}>
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
            data-testid={testId}
          >
            <Badge variant="light" color={color} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
              Row {r.row}
            </Badge>
            <Stack gap={2} style={{ minWidth: 0 }}>
              {rowName(r.row) && (
                <Text size="sm" fw={600}>
                  {rowName(r.row)}
                </Text>
              )}
              <List size="sm" spacing={0}>
                {r.issues.map((issue) => (
                  <List.Item key={issue}>{issue}</List.Item>
                ))}
              </List>
            </Stack>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
