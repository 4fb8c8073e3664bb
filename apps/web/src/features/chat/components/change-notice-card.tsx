import { ALERT_CHANGE_KINDS, type ChangeKind, type ChangeNotice, NOTICE_FIELD_LABELS } from '@fieldhouse/shared';
import { Anchor, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPause, IconCalendarX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';

/** Cancellations and removals red, postponements orange, the rest blue; the icon and words say it too. */
const COLOR: Record<ChangeKind, string> = {
  create: 'blue',
  move: 'blue',
  update: 'blue',
  reschedule: 'teal',
  postpone: 'orange',
  cancel: 'red',
  delete: 'red',
};
const ICON = { postpone: IconCalendarPause, cancel: IconCalendarX, delete: IconCalendarX } as const;

/**
 * A calendar change notice in the thread (decision 024): headline, the event and its time, and
 * each changed field as "Field: before → after". The light variant colours read in both schemes.
 */
export function ChangeNoticeCard({ notice, time }: { notice: ChangeNotice; time: string }) {
  const navigate = useNavigate();
  const color = COLOR[notice.kind];
  const alert = ALERT_CHANGE_KINDS.includes(notice.kind);
  const Icon = ICON[notice.kind as keyof typeof ICON] ?? IconCalendarEvent;
  return (
    <Box px="md" py={4}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        mx="auto"
        w={440}
        maw="100%"
        role="article"
        aria-label={`${notice.headline}: ${notice.event}`}
        data-notice-kind={notice.kind}
        style={{
          borderLeft: `4px solid var(--mantine-color-${color}-filled)`,
          background: `var(--mantine-color-${color}-light)`,
        }}
      >
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Icon size={20} color={`var(--mantine-color-${color}-light-color)`} style={{ flexShrink: 0 }} aria-hidden />
            <Stack gap={2} miw={0}>
              <Group gap={6}>
                <Badge color={color} variant={alert ? 'filled' : 'light'} size="sm">
                  {notice.headline}
                </Badge>
                <Text size="xs" c="dimmed">
                  {time}
                </Text>
              </Group>
              <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {notice.event}
              </Text>
              <Text size="sm" td={alert ? 'line-through' : undefined}>
                {notice.when}
              </Text>
            </Stack>
          </Group>
          {notice.changes.length > 0 && (
            <Box component="ul" m={0} pl="lg" aria-label="What changed">
              {notice.changes.map((change) => (
                <Text component="li" size="sm" key={change.field} style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {NOTICE_FIELD_LABELS[change.field]}:
                  </Text>{' '}
                  {change.before !== null && (
                    <>
                      <Text span td="line-through" c="dimmed">
                        {change.before}
                      </Text>{' '}
                      →{' '}
                    </>
                  )}
                  <Text span fw={600}>
                    {change.after ?? 'none'}
                  </Text>
                </Text>
              ))}
            </Box>
          )}
          {notice.kind !== 'delete' && notice.actionUrl.startsWith('/') && (
            <Anchor
              size="xs"
              href={notice.actionUrl}
              onClick={(event) => {
                event.preventDefault();
                void navigate({ href: notice.actionUrl });
              }}
            >
              Open in calendar
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
