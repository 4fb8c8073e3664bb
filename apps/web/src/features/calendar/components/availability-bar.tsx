/**
 * An occurrence's answers as one stacked bar and its figures (decision 022): colour plus the
 * words and numbers, so nothing rests on colour alone.
 */
import { AVAILABILITY_LABELS, type AvailabilityCounts } from '@fieldhouse/shared';
import { Group, Progress, Text } from '@mantine/core';

const PARTS = [
  { key: 'going', label: AVAILABILITY_LABELS.GOING, color: 'teal' },
  { key: 'maybe', label: AVAILABILITY_LABELS.MAYBE, color: 'yellow' },
  { key: 'notGoing', label: AVAILABILITY_LABELS.NOT_GOING, color: 'red' },
  { key: 'noReply', label: AVAILABILITY_LABELS.NO_REPLY, color: 'gray' },
] as const;

export function AvailabilityBar({ counts }: { counts: AvailabilityCounts }) {
  const total = PARTS.reduce((sum, p) => sum + counts[p.key], 0);
  return (
    <>
      <Progress.Root size="lg" aria-hidden>
        {PARTS.map((p) =>
          counts[p.key] > 0 ? (
            <Progress.Section key={p.key} value={(counts[p.key] / total) * 100} color={p.color} />
          ) : null,
        )}
      </Progress.Root>
      <Group gap="md" mt={6}>
        {PARTS.map((p) => (
          <Group key={p.key} gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${p.color}-6)` }}
            />
            <Text size="sm">
              <b>{counts[p.key]}</b> {p.label.toLowerCase()}
            </Text>
          </Group>
        ))}
      </Group>
    </>
  );
}
