import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppMark } from './app-mark.tsx';

/** The signed-out pages: the app's mark, a title, and the form in a card that fills a phone. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <AppMark size={48} />
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          <Paper withBorder radius="md" p="lg">
            {children}
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
