import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundView() {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="xs">
        <Title order={1} fz="h2">
          Not Found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Stack>
    </Center>
  );
}
