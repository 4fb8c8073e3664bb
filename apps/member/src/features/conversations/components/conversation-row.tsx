import { messagePreview } from '@fieldhouse/client/chat/message-preview.ts';
import { relativeTime } from '@fieldhouse/client/relative-time.ts';
import type { MemberConversation } from '@fieldhouse/shared';
import { Avatar, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconShieldCheck, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { personName } from './person-name.ts';

/** One conversation: who, the last message, when (on the school's clock), and how many are unread. */
export function ConversationRow({
  conversation: c,
  timeZone,
}: {
  conversation: MemberConversation;
  timeZone: string | undefined;
}) {
  const unread = c.unread > 0;
  const last = c.lastMessage;
  const preview = last
    ? `${last.sender.firstName && c.kind !== 'DIRECT' ? `${last.sender.firstName}: ` : ''}${messagePreview(last)}`
    : 'No messages yet';
  return (
    <Link
      to="/chats/$roomId"
      params={{ roomId: c.id }}
      style={{ display: 'block', color: 'inherit', textDecoration: 'none', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper withBorder radius="md" p="sm">
        <Group wrap="nowrap" gap="sm" align="center">
          {c.kind === 'DIRECT' ? (
            <Avatar name={c.counterpart ? personName(c.counterpart) : c.title} color="initials" size={44} />
          ) : (
            <Avatar size={44} color="blue" aria-hidden="true">
              <IconUsersGroup size={22} />
            </Avatar>
          )}
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text fw={unread ? 700 : 600} truncate>
                {c.title}
              </Text>
              {c.lastMessageAt && (
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {relativeTime(c.lastMessageAt, timeZone)}
                </Text>
              )}
            </Group>
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate>
                {preview}
              </Text>
              {unread && (
                <Badge color="red" circle={c.unread < 10} style={{ flexShrink: 0 }}>
                  {c.unread > 99 ? '99+' : c.unread}
                  <VisuallyHidden> unread</VisuallyHidden>
                </Badge>
              )}
            </Group>
            {(c.viewerReason === 'GUARDIAN' || c.observation.note) && (
              <Group gap={4} wrap="nowrap">
                <IconShieldCheck size={14} aria-hidden="true" color="var(--mantine-color-teal-text)" />
                <Text size="xs" c="dimmed" truncate>
                  {c.viewerReason === 'GUARDIAN' ? 'You read along as a guardian' : c.observation.note}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
    </Link>
  );
}
