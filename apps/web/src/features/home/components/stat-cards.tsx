import type { DashboardSummary } from '@fieldhouse/shared';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconHeartHandshake, IconRun, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

type Stat = {
  label: string;
  value: number | undefined;
  icon: typeof IconRun;
  color: string;
  to: string;
  search: object;
};

/** Active athletes, coaches, guardians and teams, each a door into its list. */
export function StatCards({ counts }: { counts: DashboardSummary['counts'] | undefined }) {
  const stats: Stat[] = [
    {
      label: 'Active athletes',
      value: counts?.athletes,
      icon: IconRun,
      color: 'blue',
      to: '/users',
      search: { type: 'ATHLETE' },
    },
    {
      label: 'Coaches',
      value: counts?.coaches,
      icon: IconClipboardList,
      color: 'orange',
      to: '/users',
      search: { type: 'COACH' },
    },
    {
      label: 'Guardians',
      value: counts?.guardians,
      icon: IconHeartHandshake,
      color: 'grape',
      to: '/users',
      search: { type: 'PARENT' },
    },
    { label: 'Teams', value: counts?.teams, icon: IconUsersGroup, color: 'teal', to: '/teams', search: {} },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {stats.map((stat) => (
        <Card
          key={stat.label}
          withBorder
          radius="md"
          padding="md"
          renderRoot={(props) => <Link to={stat.to} search={stat.search as never} {...props} />}
          style={{ textDecoration: 'none' }}
        >
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {stat.label}
              </Text>
              {stat.value === undefined ? (
                <Skeleton h={30} w={60} mt={4} />
              ) : (
                <Text fz={28} fw={800} lh={1.2} data-testid={`stat-${stat.label}`}>
                  {stat.value.toLocaleString()}
                </Text>
              )}
            </div>
            <ThemeIcon size={44} radius="md" variant="light" color={stat.color}>
              <stat.icon size={24} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
