import { Alert, Button, Skeleton, Stack } from '@mantine/core';

/** A list loading (its shape) or failed (with Try again): never a blank screen. */
export function QueryState({
  isError,
  refetch,
  lines = 2,
}: {
  isError: boolean;
  refetch: () => unknown;
  lines?: number;
}) {
  if (isError) {
    return (
      <Alert color="red" variant="light" title="Could not load this">
        <Stack gap="xs" align="flex-start">
          Check your connection.
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs" aria-busy="true" aria-label="Loading">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} height={64} radius="md" />
      ))}
    </Stack>
  );
}
