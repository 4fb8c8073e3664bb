import { NativeSelect, SegmentedControl } from '@mantine/core';

type Props<T extends string> = {
  data: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  'aria-label': string;
  mb?: string;
};

/**
 * One choice among a few: segments from `sm` up; a select on a phone, where five segments run
 * off the screen (issue 17: "Staff" and "Summer" could not be reached).
 */
export function ResponsiveChoice<T extends string>({ data, value, onChange, mb, ...rest }: Props<T>) {
  return (
    <>
      <SegmentedControl
        visibleFrom="sm"
        mb={mb}
        data={data}
        value={value}
        onChange={(next) => onChange(next as T)}
        aria-label={rest['aria-label']}
      />
      <NativeSelect
        hiddenFrom="sm"
        w="100%"
        mb={mb}
        data={data}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as T)}
        aria-label={rest['aria-label']}
      />
    </>
  );
}
