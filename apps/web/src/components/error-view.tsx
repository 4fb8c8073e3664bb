import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';

/** The generic fallback of SPEC §2: 'Something went wrong!' with a Show/Hide Error toggle. */
export function ErrorView({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false);
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={640}>
        <Title order={2}>Something went wrong!</Title>
        <Text c="dimmed">Try again, or reload the page if it keeps happening.</Text>
        <Button variant="light" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide Error' : 'Show Error'}
        </Button>
        {shown && (
          <Code block w="100%">
            {error instanceof Error ? error.message : String(error)}
          </Code>
        )}
      </Stack>
    </Center>
  );
}
