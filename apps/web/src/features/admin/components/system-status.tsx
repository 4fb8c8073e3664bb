import { SOCKET_ERROR_TYPES } from '@fieldhouse/shared';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDatabase, IconPlugConnected, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { systemStatusQueryOptions } from '../api/get-system-status.ts';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const uptime = (s: number) => {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d ? `${d}d ${h}h` : h ? `${h}h ${m}m` : `${m}m ${s % 60}s`;
};

function StatCard({
  icon,
  title,
  badge,
  children,
}: {
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          {icon}
          <Title order={5}>{title}</Title>
        </Group>
        {badge}
      </Group>
      {children}
    </Card>
  );
}

const Row = ({ label, value }: { label: string; value: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} ta="right" truncate>
      {value}
    </Text>
  </Group>
);

/** Database, sockets per node, recent socket errors and the attachment store; refreshed every 10 s. */
export function SystemStatusPanel() {
  const { data, dataUpdatedAt, isError } = useQuery(systemStatusQueryOptions());
  if (!data) return <Text c="dimmed">{isError ? 'System status is unavailable.' : 'Loading system status…'}</Text>;
  const chart = SOCKET_ERROR_TYPES.map((type) => ({ type, errors: data.socketErrors.byType[type] ?? 0 }));
  return (
    <Stack>
      <Text size="xs" c="dimmed">
        Updated {new Date(dataUpdatedAt).toLocaleTimeString()} · refreshes every 10 seconds
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <StatCard
          icon={<IconDatabase size={20} />}
          title="Database"
          badge={
            <Badge color={data.database.up ? 'green' : 'red'} variant="light">
              {data.database.up ? 'Up' : 'Down'}
            </Badge>
          }
        >
          <Stack gap={6}>
            <Row label="Engine" value={data.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} />
            <Row label="Latency" value={`${data.database.latencyMs} ms`} />
            <Row label="Version" value={data.database.version?.split(' on ')[0] ?? '—'} />
            <Row label="Migrations applied" value={data.database.migrationsApplied ?? '—'} />
          </Stack>
        </StatCard>
        <StatCard
          icon={<IconPlugConnected size={20} />}
          title="Connected sockets"
          badge={
            <Badge variant="light">
              {data.sockets.total} socket{data.sockets.total === 1 ? '' : 's'}
            </Badge>
          }
        >
          <Stack gap={6}>
            <Row label="Signed-in users" value={data.sockets.users} />
            <Table fz="sm" verticalSpacing={4} mt={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Node</Table.Th>
                  <Table.Th ta="right">Sockets</Table.Th>
                  <Table.Th ta="right">Users</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sockets.nodes.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3} c="dimmed">
                      No sockets connected
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.sockets.nodes.map((n) => (
                  <Table.Tr key={n.nodeId}>
                    <Table.Td ff="monospace">
                      {n.nodeId}
                      {n.nodeId === data.process.nodeId ? ' (this node)' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{n.sockets}</Table.Td>
                    <Table.Td ta="right">{n.users}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </StatCard>
        <StatCard icon={<IconServer size={20} />} title="This node">
          <Stack gap={6}>
            <Row label="Node" value={data.process.nodeId} />
            <Row label="Version" value={data.process.version} />
            <Row label="Uptime" value={uptime(data.process.uptimeSeconds)} />
            <Row label="Memory (RSS)" value={mb(data.process.rssBytes)} />
            <Row label="Heap used" value={mb(data.process.heapUsedBytes)} />
            <Row
              label="Attachments"
              value={`${data.fileStore.kind === 's3' ? 'S3' : 'Disk'}: ${data.fileStore.location}`}
            />
            {data.fileStore.endpoint && <Row label="S3 endpoint" value={data.fileStore.endpoint} />}
          </Stack>
        </StatCard>
      </SimpleGrid>
      <Card withBorder radius="md" p="md">
        <Title order={5} mb={4}>
          Recent socket errors
        </Title>
        {data.socketErrors.recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            No browser has reported a socket error to this node since it started.
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed" mb="sm">
              The last {data.socketErrors.recent.length} error{data.socketErrors.recent.length === 1 ? '' : 's'}{' '}
              browsers reported to this node, by type.
            </Text>
            <BarChart
              h={180}
              data={chart}
              dataKey="type"
              withTooltip={false}
              maxBarWidth={56}
              yAxisProps={{ allowDecimals: false }}
              series={[{ name: 'errors', label: 'Errors', color: 'red.6' }]}
            />
          </>
        )}
        {data.socketErrors.recent.length > 0 && (
          <Table fz="sm" mt="md" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Retryable</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.socketErrors.recent.slice(0, 10).map((e) => (
                <Table.Tr key={`${e.receivedAt}-${e.timestamp}-${e.message}`}>
                  <Table.Td>{new Date(e.receivedAt).toLocaleTimeString()}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color="red">
                      {e.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                  <Table.Td>{e.code ?? '—'}</Table.Td>
                  <Table.Td>{e.retryable ? 'yes' : 'no'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
