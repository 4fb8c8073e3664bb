import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-layout.module.css';
import { Logo } from './logo.tsx';

/** The frame of the public auth screens: brand panel beside a form card; the card alone on a phone. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box className={classes.root}>
      <Box
        visibleFrom="md"
        p={48}
        style={{
          background: 'linear-gradient(160deg, #1c4e80 0%, #0b2545 100%)',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Stack gap={6}>
          <Logo size={48} />
          <Text fw={700} size="xl" mt="sm">
            Fieldhouse
          </Text>
        </Stack>
        <Stack gap="xs" maw={440}>
          <Title order={2} c="white">
            Your athletic department, in one place.
          </Title>
          <Text c="rgba(255,255,255,0.8)">
            Teams, rosters, schedules and conversations with coaches, athletes and families.
          </Text>
        </Stack>
        <Text size="sm" c="rgba(255,255,255,0.6)">
          © Fieldhouse
        </Text>
      </Box>
      <Box component="main" className={classes.form}>
        <Paper w="100%" maw={420} p={{ base: 'lg', xs: 'xl' }} radius="lg" withBorder shadow="sm">
          <Group gap="xs" mb="md" hiddenFrom="md" wrap="nowrap">
            <Logo size={32} />
            <Text fw={700} size="lg">
              Fieldhouse
            </Text>
          </Group>
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
