import { Anchor, Box, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** A readable public document (terms, privacy) with the Fieldhouse header. */
export function PublicPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="md">
          <Group justify="space-between">
            <Anchor renderRoot={(props) => <Link to="/" {...props} />} underline="never" c="inherit">
              <Group gap="xs">
                <Logo size={30} />
                <Text fw={700}>Fieldhouse</Text>
              </Group>
            </Anchor>
            <Group gap="lg">
              <Anchor size="sm" renderRoot={(props) => <Link to="/terms-of-service" {...props} />}>
                Terms
              </Anchor>
              <Anchor size="sm" renderRoot={(props) => <Link to="/privacy-policy" {...props} />}>
                Privacy
              </Anchor>
              <Anchor
                size="sm"
                renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}
              >
                Sign in
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="md" py={48}>
        <Stack gap="xs" mb="xl">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">Last updated {updated}</Text>
        </Stack>
        <Typography>{children}</Typography>
      </Container>
    </Box>
  );
}
