/** Pieces every report uses: its frame (title, what it shows), a chart box, the pager, states. */

import type { PaginationInfo } from '@fieldhouse/shared';
import { BarChart, type BarChartProps } from '@mantine/charts';
import {
  Alert,
  Center,
  Group,
  type MantineSpacing,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Pager as PageButtons } from '../../../components/pager.tsx';
import stacked from '../../../components/stacked-table.module.css';
import classes from './reports.module.css';

export function ReportFrame({
  title,
  description,
  meta,
  children,
}: {
  title: string;
  description: string;
  /** The filters in words ("Team: All · Season: Winter"), printed with the report. */
  meta: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" component="section" aria-label={title} data-testid="report">
      <div>
        <Title order={3}>{title}</Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {meta}
          <span className={classes.printOnly}>Printed {new Date().toLocaleString()}</span>
        </Text>
      </div>
      {children}
    </Stack>
  );
}

export function ChartBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.chart}>
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** A report's chart: stacked bars, the legend below, grid lines across. */
export function StackedBars(props: Omit<BarChartProps, 'type' | 'withLegend' | 'legendProps' | 'tickLine'>) {
  return (
    <BarChart h={280} type="stacked" withLegend legendProps={{ verticalAlign: 'bottom' }} tickLine="y" {...props} />
  );
}

export function TableBox({
  children,
  footer,
  label = 'Report table',
}: {
  children: ReactNode;
  footer?: ReactNode;
  /** The scroll region's name; a second table of one report names itself apart. */
  label?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      {/* Focusable so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': label }}>
        {children}
      </ScrollArea>
      {footer}
    </Paper>
  );
}

/**
 * A report's table: striped, its desktop minimum width (it scrolls inside TableBox below that),
 * and on a phone a card per row (stacked-table.module.css): `grid` puts short values two to a
 * line, `counts` three.
 */
export function ReportTable({
  minWidth,
  spacing = 'xs',
  cards = 'grid',
  testId = 'report-table',
  children,
}: {
  minWidth: number;
  spacing?: MantineSpacing | number;
  cards?: 'grid' | 'counts';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table
      verticalSpacing={spacing}
      miw={{ base: 0, sm: minWidth }}
      striped
      className={stacked[cards]}
      data-testid={testId}
    >
      {children}
    </Table>
  );
}

export function Pager({
  info,
  pageSize,
  noun,
  onPage,
}: {
  info: PaginationInfo;
  pageSize: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  const first = info.totalCount === 0 ? 0 : (info.currentPage - 1) * pageSize + 1;
  const last = Math.min(info.currentPage * pageSize, info.totalCount);
  return (
    <Group justify="space-between" mt="md" className={classes.noPrint}>
      <Text size="sm" c="dimmed">
        {info.totalCount === 0
          ? `No ${noun}`
          : `Showing ${first}–${last} of ${info.totalCount.toLocaleString()} ${noun}`}
      </Text>
      {info.pageCount > 1 && (
        <PageButtons total={info.pageCount} value={info.currentPage} onChange={onPage} withEdges size="sm" />
      )}
    </Group>
  );
}

export function ReportEmpty({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4}>
        <IconInbox size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}

export function ReportLoading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading report">
      <Skeleton h={24} w={260} />
      <Skeleton h={220} radius="md" />
      <Skeleton h={180} radius="md" />
    </Stack>
  );
}

export function ReportError({ error }: { error: Error }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The report could not be loaded">
      {error.message}
    </Alert>
  );
}

export const numericClass = classes.numeric;
