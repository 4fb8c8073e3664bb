import type { EditScope } from '@fieldhouse/shared';
import { SegmentedControl, Stack, Text } from '@mantine/core';

/** Which dates of a series an action or edit applies to. */
export function ScopeChoice({
  label,
  value,
  onChange,
}: {
  label: string;
  value: EditScope;
  onChange: (scope: EditScope) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as EditScope)}
        data={[
          { value: 'occurrence', label: 'This event' },
          { value: 'following', label: 'This and following' },
          { value: 'series', label: 'All events' },
        ]}
      />
    </Stack>
  );
}
