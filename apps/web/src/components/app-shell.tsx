import { ProtectedAvatar } from '@fieldhouse/client/protected-avatar.tsx';
import { canEnterAdminArea, type Role, roleLabel } from '@fieldhouse/shared';
import {
  AppShell,
  Badge,
  Box,
  Burger,
  Group,
  Menu,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconChartBar,
  IconChevronDown,
  IconHome,
  IconKey,
  IconLogout,
  IconMessages,
  IconMoon,
  IconShieldLock,
  IconSpeakerphone,
  IconSun,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { subscribeActiveOrganization } from '../lib/active-organization.ts';
import classes from './app-shell.module.css';
import { Deferred } from './deferred.tsx';
import { Logo } from './logo.tsx';

export type ShellUser = {
  firstName: string;
  lastName?: string | null | undefined;
  email: string;
  role: string | null;
  userImage: string | null;
};

const NAV = [
  { to: '/home', label: 'Home', icon: IconHome },
  { to: '/calendar', label: 'Calendar', icon: IconCalendarEvent },
  { to: '/messages', label: 'Messages', icon: IconMessages },
  { to: '/broadcasts', label: 'Broadcasts', icon: IconSpeakerphone },
  { to: '/teams', label: 'Teams', icon: IconUsersGroup },
  { to: '/users', label: 'Users', icon: IconUsers },
  { to: '/reports', label: 'Reports', icon: IconChartBar },
] as const;

type ShellProps = {
  user: ShellUser;
  organizationName: string | null;
  /** Replaces the organization badge (the SUPER_ADMIN's switcher). */
  organizationSlot?: ReactNode;
  /** The notifications bell. */
  notificationsSlot?: ReactNode;
  unreadMessages: number;
  onChangePassword: () => void;
  onSignOut: () => void;
  children: ReactNode;
};

/** The signed-in frame: sidebar, top bar with organization, notifications and profile menu. */
export function Shell({
  user,
  organizationName,
  organizationSlot,
  notificationsSlot,
  unreadMessages,
  onChangePassword,
  onSignOut,
  children,
}: ShellProps) {
  const [opened, { toggle, close }] = useDisclosure();
  // On a phone the school switcher moves from the header into the profile menu, as a modal.
  const [switching, switcher] = useDisclosure();
  useEffect(() => subscribeActiveOrganization(switcher.close), [switcher.close]);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const isActive = (to: string) =>
    pathname === to || pathname.startsWith(`${to}/`) || (to === '/home' && pathname === '/');
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const initials = [user.firstName, user.lastName]
    .map((p) => p?.[0] ?? '')
    .join('')
    .toUpperCase();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <ThemeIcon variant="transparent" size="lg">
              <Logo size={30} />
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              Fieldhouse
            </Text>
            <Box visibleFrom="xs" className={classes.organization}>
              {organizationSlot ? (
                <Deferred>{organizationSlot}</Deferred>
              ) : (
                organizationName && (
                  <Badge variant="light" size="lg" radius="sm" tt="none" fw={600} maw="100%">
                    {organizationName}
                  </Badge>
                )
              )}
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <Deferred fallback={<Box w={34} h={34} />}>{notificationsSlot}</Deferred>
            <Menu position="bottom-end" width={240} shadow="md">
              <Menu.Target>
                {/* Named by its content (the name shown on desktop must be part of it: WCAG 2.5.3). */}
                <UnstyledButton data-touch-target>
                  <Group gap={8} wrap="nowrap">
                    <VisuallyHidden>Profile menu</VisuallyHidden>
                    <ProtectedAvatar src={user.userImage} radius="xl" color="navy" size={34} aria-hidden>
                      {initials}
                    </ProtectedAvatar>
                    <Stack gap={0} visibleFrom="md">
                      <Text size="sm" fw={600} lh={1.2}>
                        {fullName}
                      </Text>
                      <Text size="xs" c="dimmed" lh={1.2}>
                        {roleLabel(user.role) || 'No role'}
                      </Text>
                    </Stack>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.email}</Menu.Label>
                {organizationName && (
                  <Box hiddenFrom="xs">
                    {organizationSlot ? (
                      <Menu.Item
                        leftSection={<IconBuildingCommunity size={16} />}
                        rightSection={<Text size="xs">Switch</Text>}
                        onClick={switcher.open}
                      >
                        {organizationName}
                      </Menu.Item>
                    ) : (
                      <Menu.Label>{organizationName}</Menu.Label>
                    )}
                    <Menu.Divider />
                  </Box>
                )}
                <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>
                  Change password
                </Menu.Item>
                <Menu.Item
                  leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
                  onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
                >
                  {scheme === 'dark' ? 'Light theme' : 'Dark theme'}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="var(--mantine-color-red-text)"
                  leftSection={<IconLogout size={16} />}
                  onClick={onSignOut}
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      {organizationSlot && (
        <Modal opened={switching} onClose={switcher.close} title="Switch school">
          {organizationSlot}
        </Modal>
      )}
      <AppShell.Navbar p="sm" className={opened ? undefined : classes.navClosed}>
        <AppShell.Section grow component={ScrollArea}>
          {/* Behind the burger on a phone: drawn just after the page, as the bell and switcher are. */}
          <Deferred>
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.7} />}
                rightSection={
                  item.to === '/messages' && unreadMessages > 0 ? (
                    <Badge size="sm" color="red" variant="filled" aria-label={`${unreadMessages} unread`}>
                      {unreadMessages > 99 ? '99+' : unreadMessages}
                    </Badge>
                  ) : null
                }
                active={isActive(item.to)}
                preload="intent"
                onClick={close}
                fw={500}
              />
            ))}
            {canEnterAdminArea(user.role as Role | null) && (
              <NavLink
                component={Link}
                to="/admin/home"
                label="Admin"
                leftSection={<IconShieldLock size={18} stroke={1.7} />}
                active={isActive('/admin')}
                preload="intent"
                onClick={close}
                fw={500}
              />
            )}
          </Deferred>
        </AppShell.Section>
        <AppShell.Section visibleFrom="sm">
          <Text size="xs" c="dimmed" px="sm" py="xs">
            Press Alt+T to jump to notifications
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
