import { Code, Table, Text } from '@mantine/core';
import stacked from '../../../components/stacked-table.module.css';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown) => {
  if (v === undefined) return <Text c="dimmed">—</Text>;
  if (v === null) return <Text c="dimmed">empty</Text>;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    return <Text size="sm">{String(v)}</Text>;
  return <Code block>{JSON.stringify(v, null, 2)}</Code>;
};

/** Before and after of one audit entry, field by field; changed fields are highlighted. A card per field on phones. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return <Text c="dimmed">No field values recorded.</Text>;
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <Table withTableBorder withColumnBorders fz="sm" aria-label="Changes" className={stacked.grid}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="20%">Field</Table.Th>
          <Table.Th w="40%">Before</Table.Th>
          <Table.Th w="40%">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => {
          const changed = JSON.stringify(b[key]) !== JSON.stringify(a[key]);
          return (
            <Table.Tr key={key}>
              <Table.Td className={stacked.title}>
                <Text size="sm" ff="monospace">
                  {key}
                </Text>
              </Table.Td>
              <Table.Td data-label="Before" bg={changed && key in b ? 'var(--mantine-color-red-light)' : undefined}>
                {show(b[key])}
              </Table.Td>
              <Table.Td data-label="After" bg={changed && key in a ? 'var(--mantine-color-green-light)' : undefined}>
                {show(a[key])}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
