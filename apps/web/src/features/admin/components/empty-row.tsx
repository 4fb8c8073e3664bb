import { Table, Text } from '@mantine/core';

/** The one row of a table with nothing to show: "Loading…" until the first answer, then why it is empty. */
export function EmptyRow({ colSpan, loading, children }: { colSpan: number; loading: boolean; children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="lg">
          {loading ? 'Loading…' : children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
