import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

/** A card's or page's failed load: what failed, in words, and a way to try again. */
export function QueryError({
  what,
  error,
  onRetry,
  retrying = false,
}: {
  /** "The roster", "Upcoming events": what could not be loaded. */
  what: string;
  error: Error | null;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={`${what} could not be loaded`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{error?.message ?? 'Check your connection.'}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={() => void onRetry()}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
