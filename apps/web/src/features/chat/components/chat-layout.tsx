import { Box, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  list: ReactNode;
  thread: ReactNode;
  threadOpen: boolean;
  /** The page's h1 when the list, which shows it, gives way to the thread on a phone. */
  heading?: string | undefined;
};

/** Two panes filling the page below the header: a list and the open thread (one at a time on phones). */
export function ChatLayout({ list, thread, threadOpen, heading }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Paper
      withBorder
      radius="md"
      h="calc(100dvh - 60px - 2 * var(--mantine-spacing-lg))"
      mih={480}
      style={{ overflow: 'hidden', display: 'flex' }}
    >
      {(!narrow || !threadOpen) && (
        <Box
          w={narrow ? '100%' : 360}
          style={{ flexShrink: 0, borderRight: narrow ? undefined : '1px solid var(--mantine-color-default-border)' }}
        >
          {list}
        </Box>
      )}
      {(!narrow || threadOpen) && (
        <Box style={{ flex: 1, minWidth: 0 }}>
          {narrow && heading && (
            <VisuallyHidden>
              <h1>{heading}</h1>
            </VisuallyHidden>
          )}
          {thread}
        </Box>
      )}
    </Paper>
  );
}

export function NoRoomSelected({ title, text }: { title: string; text: string }) {
  return (
    <Stack align="center" justify="center" h="100%" gap="xs" p="xl">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMessages size={34} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {title}
      </Text>
      <Text c="dimmed" size="sm" ta="center" maw={360}>
        {text}
      </Text>
    </Stack>
  );
}
