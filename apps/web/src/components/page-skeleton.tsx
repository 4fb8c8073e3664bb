import { Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** What a screen looks like while its data loads: the shell stays, the page shows its shape. */
export function PageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading">
      <Group justify="space-between" align="flex-end">
        <Stack gap={8}>
          <Skeleton h={28} w={220} />
          <Skeleton h={14} w={360} maw="70vw" />
        </Stack>
        <Skeleton h={36} w={140} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}
