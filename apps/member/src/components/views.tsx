/** App-wide views: the start-up splash, and what a failed or unknown page shows. */
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';

export function SplashScreen() {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="sm">
        <Loader aria-label="Loading Fieldhouse" />
        <Text c="dimmed">Fieldhouse</Text>
      </Stack>
    </Center>
  );
}

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
