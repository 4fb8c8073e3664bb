import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** The frame of the public auth screens: brand panel beside a form card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box
      mih="100vh"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}
      className="fh-auth"
    >
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
      <Center p="xl" style={{ gridColumn: 'auto' }}>
        <Paper w="100%" maw={420} p="xl" radius="lg" withBorder shadow="sm">
          <Stack gap={4} mb="lg">
            <Title order={2}>{title}</Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
