import type { EditScope } from '@fieldhouse/shared';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from './calendar-utils.ts';

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
  // Three long choices do not fit side by side on a phone.
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as EditScope)}
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        data={[
          { value: 'occurrence', label: 'This event' },
          { value: 'following', label: 'This and following' },
          { value: 'series', label: 'All events' },
        ]}
      />
    </Stack>
  );
}
