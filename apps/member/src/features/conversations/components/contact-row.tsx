import type { MemberContact } from '@fieldhouse/shared';
import { Avatar, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconShieldCheck } from '@tabler/icons-react';
import { personName } from './person-name.ts';

/**
 * A person I may write to: who they are to me, and who else would read along. A refused contact
 * (no guardian and no second adult could join) says why instead of offering to start.
 */
export function ContactRow({
  contact,
  onOpen,
  busy,
}: {
  contact: MemberContact;
  onOpen: (contact: MemberContact) => void;
  busy: boolean;
}) {
  const name = personName(contact.person);
  const body = (
    <Group wrap="nowrap" gap="sm">
      <Avatar name={name} color="initials" size={44} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fw={600} truncate>
          {!contact.refusal && (
            <VisuallyHidden>
              {contact.roomId ? 'Open the conversation with ' : 'Start a conversation with '}
            </VisuallyHidden>
          )}
          {name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {contact.note}
        </Text>
        {contact.refusal ? (
          <Text size="xs" c="red.8">
            {contact.refusal}
          </Text>
        ) : (
          contact.observation.note && (
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconShieldCheck
                size={14}
                aria-hidden="true"
                color="var(--mantine-color-teal-text)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="xs" c="dimmed">
                {contact.observation.note}
              </Text>
            </Group>
          )
        )}
      </Stack>
      {!contact.refusal && <IconChevronRight size={18} aria-hidden="true" style={{ flexShrink: 0 }} />}
    </Group>
  );
  if (contact.refusal) return <div style={{ padding: 'var(--mantine-spacing-sm)' }}>{body}</div>;
  return (
    <UnstyledButton
      onClick={() => onOpen(contact)}
      disabled={busy}
      p="sm"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)', minHeight: 44 }}
    >
      {body}
    </UnstyledButton>
  );
}
