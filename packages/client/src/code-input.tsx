import { PinInput, type PinInputProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The 6-digit e-mailed code, labelled, with its validation message. */
export function CodeInput({
  label,
  error,
  ...input
}: Omit<PinInputProps, 'length' | 'error'> & { label: string; error?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <PinInput length={6} type="number" oneTimeCode aria-label={label} {...input} error={Boolean(error)} />
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
