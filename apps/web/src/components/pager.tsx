import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Mantine's Pagination with named arrow buttons (its icon-only controls have no name: WCAG 4.1.2). */
export function Pager(props: PaginationProps) {
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      {...props}
    />
  );
}
