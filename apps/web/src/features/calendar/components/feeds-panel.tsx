/** Subscription URLs (organization and each team) to copy, and rotation with confirmation. */
import type { CalendarFeed } from '@fieldhouse/shared';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { rotateFeed } from '../api/calendar-mutations.ts';
import { calendarFeedsQueryOptions, calendarKeys } from '../api/calendar-queries.ts';

export function FeedsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feeds = useQuery({ ...calendarFeedsQueryOptions(), enabled: opened });
  const queryClient = useQueryClient();
  const [rotating, setRotating] = useState<CalendarFeed | null>(null);
  const rotate = useMutation({
    mutationFn: (feed: CalendarFeed) => rotateFeed(feed.teamId),
    onSuccess: (data) => {
      queryClient.setQueryData(calendarKeys.feeds(), data);
      toast.success('New feed URL created; the old one no longer works');
      setRotating(null);
    },
    onError: (e) => toast.error(e.message),
  });
  const url = (feed: CalendarFeed) => `${window.location.origin}${feed.path}`;

  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" size="lg" title="Subscribe to calendars">
        <Stack>
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            Paste a URL into Google Calendar (“From URL”), Apple Calendar (“New Calendar Subscription”) or Outlook
            (“Subscribe from web”). Anyone with a URL can read that calendar: rotate it if it was shared too widely.
          </Alert>
          {feeds.isPending && <Loader size="sm" />}
          {feeds.data?.map((feed) => (
            <Paper key={feed.path.slice(0, 30) + String(feed.teamId)} withBorder p="sm" radius="md">
              <Group justify="space-between" mb={6}>
                <Text fw={600} size="sm">
                  {feed.scope === 'ORGANIZATION' ? feed.name : feed.name}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconRefresh size={12} />}
                  onClick={() => setRotating(feed)}
                >
                  Rotate URL
                </Button>
              </Group>
              <TextInput
                readOnly
                value={url(feed)}
                size="xs"
                aria-label={`${feed.name} feed URL`}
                onFocus={(e) => e.currentTarget.select()}
                rightSection={
                  <CopyButton value={url(feed)}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copied' : 'Copy URL'}>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label="Copy URL"
                        >
                          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                }
              />
            </Paper>
          ))}
        </Stack>
      </Drawer>
      <Modal
        opened={rotating !== null}
        onClose={() => setRotating(null)}
        title="Rotate the feed URL?"
        centered
        size="sm"
      >
        <Stack>
          <Text size="sm">
            Everyone subscribed to <b>{rotating?.name}</b> stops receiving updates until they subscribe to the new URL.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRotating(null)}>
              Keep the URL
            </Button>
            <Button color="red" loading={rotate.isPending} onClick={() => rotating && rotate.mutate(rotating)}>
              Rotate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
