import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/** The generic fallback of SPEC §2: 'Something went wrong!' with a Show/Hide Error toggle, and Try again. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [shown, setShown] = useState(false);
  const [retrying, setRetrying] = useState(false);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={640}>
        <Title order={1} fz="h2">
          Something went wrong!
        </Title>
        <Text c="dimmed" ta="center">
          Try again, or reload the page if it keeps happening.
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconRefresh size={16} />}
            loading={retrying}
            onClick={async () => {
              setRetrying(true);
              reset();
              await router.invalidate().finally(() => setRetrying(false));
            }}
          >
            Try again
          </Button>
          <Button variant="light" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide Error' : 'Show Error'}
          </Button>
        </Group>
        {shown && (
          <Code block w="100%">
            {error instanceof Error ? error.message : String(error)}
          </Code>
        )}
      </Stack>
    </Center>
  );
}
