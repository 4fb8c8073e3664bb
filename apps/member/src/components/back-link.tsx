import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The way back to a list, above a screen's title: a 44 px target on a phone. */
export function BackLink({ to, label }: { to: '/chats'; label: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      style={{ alignSelf: 'flex-start', minHeight: 44, display: 'flex', alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={16} aria-hidden="true" /> {label}
    </Anchor>
  );
}
