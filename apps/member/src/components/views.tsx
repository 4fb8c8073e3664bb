/** App-wide views: what a failed or unknown page shows (the start-up splash is the page's own, index.html). */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';

export function ErrorView() {
  const router = useRouter();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={360} ta="center">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">Check your connection and try again.</Text>
        <Button onClick={() => void router.invalidate()}>Try again</Button>
      </Stack>
    </Center>
  );
}

export function NotFoundView() {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={360} ta="center">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">This page does not exist in the Fieldhouse app.</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
