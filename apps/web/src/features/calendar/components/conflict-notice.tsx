/**
 * The conflicts a planned event would cause, in words ("Conflicts with Varsity Basketball
 * practice, Tue Dec 1, 5:30–7:00 PM in Main Gym"). The live region is always in the page, so a
 * screen reader hears a conflict appear (or clear) politely while the director types.
 */
import { type CalendarConflict, conflictSentence, plural } from '@fieldhouse/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

const SHOWN = 5;

export function ConflictNotice({ conflicts }: { conflicts: CalendarConflict[] }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {conflicts.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`Double-booked: ${plural(conflicts.length, 'conflict')}`}
          data-testid="conflicts"
        >
          <List size="sm" spacing={2}>
            {conflicts.slice(0, SHOWN).map((c) => (
              <List.Item key={`${c.reason}-${c.occurrence.key}`}>{conflictSentence(c.reason, c.occurrence)}</List.Item>
            ))}
          </List>
          {conflicts.length > SHOWN && (
            <Text size="sm" c="dimmed" mt={4}>
              and {conflicts.length - SHOWN} more
            </Text>
          )}
          <Text size="sm" mt={4}>
            You can still save: the calendar will ask you to confirm.
          </Text>
        </Alert>
      )}
    </div>
  );
}
