import type { EventStatus } from '@fieldhouse/shared';
import { Badge } from '@mantine/core';

/** Postponed and cancelled stand out; scheduled needs no badge. */
export function StatusBadge({ status, size = 'sm' }: { status: EventStatus; size?: 'xs' | 'sm' }) {
  if (status === 'SCHEDULED') return null;
  return (
    <Badge color={status === 'POSTPONED' ? 'yellow' : 'red'} variant="filled" size={size} style={{ flexShrink: 0 }}>
      {status === 'POSTPONED' ? 'Postponed' : 'Cancelled'}
    </Badge>
  );
}
