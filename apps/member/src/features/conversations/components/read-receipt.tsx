import type { Receipt } from '@fieldhouse/client/chat/receipts/read-receipts.ts';
import { Group, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';

/**
 * "Seen" / "Seen by N of M" under the member's last message (decision 023). The words carry the
 * meaning (the icon is decoration); dimmed text reads in light and dark alike.
 */
export function ReadReceipt({ receipt }: { receipt: Receipt }) {
  return (
    <Group justify="flex-end" gap={4} px={4} mt={-6} data-testid="read-receipt">
      <IconChecks size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {receipt.label}
      </Text>
    </Group>
  );
}
