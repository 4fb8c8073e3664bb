import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header.tsx';

/** Stands in for a screen whose issue has not landed yet, saying what it will hold. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">{description}</Text>
      </Paper>
    </>
  );
}
