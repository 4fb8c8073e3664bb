import {
  ActionIcon,
  AppShell,
  Group,
  Indicator,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarEvent, IconHome, IconMessages, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { unreadQueryOptions } from '../features/conversations/api/conversations.ts';
import { AppMark } from './app-mark.tsx';
import classes from './shell.module.css';

const TABS = [
  { to: '/', label: 'Home', icon: IconHome },
  { to: '/chats', label: 'Chats', icon: IconMessages },
  { to: '/schedule', label: 'Schedule', icon: IconCalendarEvent },
  { to: '/profile', label: 'Profile', icon: IconUserCircle },
] as const;

/** Phone first: a slim header (the app and the school), the screen, and the tabs at the bottom. */
export function Shell({ schoolName, children }: { schoolName: string | null; children: ReactNode }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const unread = useQuery(unreadQueryOptions()).data?.rooms ?? 0;
  return (
    <AppShell header={{ height: 56 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <AppMark size={32} />
            <Stack gap={0} miw={0}>
              <Text fw={700} lh={1.2}>
                Fieldhouse
              </Text>
              {schoolName && (
                <Text size="xs" c="dimmed" truncate lh={1.2}>
                  {schoolName}
                </Text>
              )}
            </Stack>
          </Group>
          <ActionIcon
            variant="subtle"
            size={44}
            aria-label={`Switch to ${next} mode`}
            onClick={() => setColorScheme(next)}
          >
            {scheme === 'dark' ? <IconSun size={22} /> : <IconMoon size={22} />}
          </ActionIcon>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <div className={classes.main}>{children}</div>
      </AppShell.Main>
      <AppShell.Footer component="nav" aria-label="Main">
        <div className={classes.nav}>
          {TABS.map(({ to, label, icon: Icon }) => {
            const badge = to === '/chats' ? unread : 0;
            return (
              <Link key={to} to={to} className={classes.link} activeOptions={{ exact: to === '/' }}>
                <Indicator
                  label={badge > 99 ? '99+' : badge}
                  size={16}
                  color="red"
                  disabled={badge === 0}
                  offset={2}
                  aria-hidden="true"
                >
                  <Icon size={24} />
                </Indicator>
                {label}
                {badge > 0 && <VisuallyHidden>, {badge} unread</VisuallyHidden>}
              </Link>
            );
          })}
        </div>
      </AppShell.Footer>
    </AppShell>
  );
}
