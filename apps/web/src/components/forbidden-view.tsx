import { Center, Stack, Text, Title } from '@mantine/core';

export function ForbiddenView({ what }: { what: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs" maw={480}>
        <Title order={1} fz="h2">
          No access
        </Title>
        <Text c="dimmed" ta="center">
          {what}
        </Text>
      </Stack>
    </Center>
  );
}
