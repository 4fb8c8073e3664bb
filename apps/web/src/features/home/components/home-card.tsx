import { Card, Group, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type HomeCardProps = {
  icon: Icon;
  title: string;
  /** Beside the title, e.g. "3 today". */
  badge?: ReactNode;
  /** On the right of the header: a count or a link onwards. */
  aside?: ReactNode;
  /** Stretch to the row's height (cards side by side line up). */
  fullHeight?: boolean;
  children: ReactNode;
};

/** A card of the home dashboard: one header shape for all of them. */
export function HomeCard({ icon: IconComponent, title, badge, aside, fullHeight = true, children }: HomeCardProps) {
  return (
    <Card withBorder radius="md" padding="md" {...(fullHeight ? { h: '100%' } : {})}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconComponent size={18} />
          <Text fw={700}>{title}</Text>
          {badge}
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
