import { historyQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { useChat } from '@fieldhouse/client/chat/realtime/chat-provider.tsx';
import { usePending } from '@fieldhouse/client/chat/realtime/use-pending.ts';
import { useReadReceipt } from '@fieldhouse/client/chat/receipts/use-read-receipt.ts';
import type { ChatMessage } from '@fieldhouse/shared';
import { Box, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MessageBubble } from './message-bubble.tsx';
import { PendingBubble } from './pending-bubble.tsx';
import { ReadReceipt } from './read-receipt.tsx';

const dayKey = (iso: string) => new Date(iso).toDateString();

/** 'Today', 'Yesterday', or 'Monday, January 5' (with the year when it is not this year). */
export function dayLabel(iso: string, now = new Date()) {
  const date = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (date.toDateString() === now.toDateString()) return 'Today';
  if (date.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * The keyboard follows the eye to a message it was sent to, so a screen reader reads it next
 * (without a second scroll: the caller has placed it).
 */
function focusMessage(target: HTMLElement) {
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/** A run of messages from one sender within five minutes shows the name once. */
const startsRun = (message: ChatMessage, previous: ChatMessage | undefined) =>
  !previous ||
  previous.sender.id !== message.sender.id ||
  previous.messageType === 'SYSTEM' ||
  previous.messageType === 'ANNOUNCEMENT' ||
  Date.parse(message.createdAt) - Date.parse(previous.createdAt) > 5 * 60_000;

/** What the thread around the list may ask of it (the pinned bar, decision 023). */
export type MessageListHandle = {
  /** Scrolls to a loaded message and lights it up; false when it is not loaded. */
  show: (id: number) => boolean;
};

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

type Props = {
  ref?: Ref<MessageListHandle> | undefined;
  roomId: number;
  /** Deep link: load around this message, scroll to it and highlight it. */
  messageId?: number | undefined;
  /** The reader asked for `messageId` from this page (the pinned bar): the keyboard goes there too. */
  focusTarget?: boolean | undefined;
  showSenders: boolean;
  emptyText: string;
  onJumpToLatest: () => void;
};

/**
 * The thread: history paged backwards as you scroll up (and forwards when opened around an old
 * message), day separators, live messages at the bottom, and the outbox's messages after them.
 */
export function MessageList({ ref, roomId, messageId, focusTarget, showSenders, emptyText, onJumpToLatest }: Props) {
  const { viewerId } = useChat();
  const history = useInfiniteQuery(historyQueryOptions(roomId, messageId));
  const { pending, messages } = usePending(roomId, history.data?.pages.flatMap((page) => page.messages) ?? []);
  const receipt = useReadReceipt(roomId, messages);
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const stuckToBottom = useRef(!messageId);
  const distanceFromBottom = useRef<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | undefined>(undefined);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const { hasPreviousPage, hasNextPage, isFetchingPreviousPage, isFetchingNextPage } = history;

  const loadOlder = () => {
    const node = viewport.current;
    if (!node || !hasPreviousPage || isFetchingPreviousPage) return;
    // Keep what the reader sees in place when older messages arrive above it.
    distanceFromBottom.current = node.scrollHeight - node.scrollTop;
    void history.fetchPreviousPage();
  };

  const onScroll = () => {
    const node = viewport.current;
    if (!node) return;
    const fromBottom = node.scrollHeight - node.scrollTop - node.clientHeight;
    stuckToBottom.current = fromBottom < 80 && !hasNextPage;
    setAwayFromBottom(fromBottom > 400 || Boolean(hasNextPage));
    if (node.scrollTop < 300) loadOlder();
    if (fromBottom < 300 && hasNextPage && !isFetchingNextPage) void history.fetchNextPage();
  };

  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const node = viewport.current;
    if (!node || firstId === undefined) return;
    if (distanceFromBottom.current !== null) {
      node.scrollTop = node.scrollHeight - distanceFromBottom.current;
      distanceFromBottom.current = null;
    }
  }, [firstId]);

  const pendingCount = useRef(pending.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last message or outbox entry is the trigger.
  useLayoutEffect(() => {
    const node = viewport.current;
    // One's own new message is followed down, even one written while reading further up (a reply).
    if (pending.length > pendingCount.current && !hasNextPage) stuckToBottom.current = true;
    pendingCount.current = pending.length;
    if (node && stuckToBottom.current) node.scrollTop = node.scrollHeight;
  }, [lastId, pending]);

  // A deep link's message stays in view while what is above it grows (images, polls drawn late)
  // until the reader scrolls by hand: the browser's own scroll anchoring is off, as it fights the
  // bottom-sticking.
  const anchored = useRef<HTMLElement | null>(null);
  const release = () => {
    anchored.current = null;
  };

  // Images load after layout: stay at the bottom if that is where the reader was, or on the linked
  // message.
  useEffect(() => {
    const node = viewport.current;
    const inner = content.current;
    if (!node || !inner) return;
    const observer = new ResizeObserver(() => {
      if (stuckToBottom.current) node.scrollTop = node.scrollHeight;
      else if (anchored.current?.isConnected) anchored.current.scrollIntoView({ block: 'center' });
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // A deep link scrolls to its message once and highlights it for a few seconds.
  const loaded = history.isSuccess;
  useEffect(() => {
    if (!loaded || !messageId) return;
    const target = viewport.current?.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
    if (!target) {
      // The page around it came back without it: say so rather than leave the reader guessing.
      toast.info('That message is not in this conversation any more.');
      return;
    }
    target.scrollIntoView({ block: 'center' });
    anchored.current = target;
    if (focusTarget) focusMessage(target);
    setHighlighted(messageId);
    const timer = setTimeout(() => setHighlighted(undefined), 4000);
    return () => clearTimeout(timer);
  }, [loaded, messageId, focusTarget]);

  // A loaded message is shown in place: scrolled to (gently, unless motion is reduced) and lit up.
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);
  const show = (id: number) => {
    const target = viewport.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!target) return false;
    target.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
    focusMessage(target);
    stuckToBottom.current = false;
    setHighlighted(id);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(undefined), 2500);
    return true;
  };
  useImperativeHandle(ref, () => ({ show }));

  // A reply's quote shows its original when it is loaded; older history is the reader's to scroll.
  const showOriginal = (id: number) => {
    if (!show(id)) toast.info('The original message is further back: scroll up to load it.');
  };

  // A first page shorter than the viewport cannot be scrolled: load older pages until it fills.
  useEffect(() => {
    const node = viewport.current;
    if (node && loaded && node.scrollHeight <= node.clientHeight && hasPreviousPage && !isFetchingPreviousPage)
      void history.fetchPreviousPage();
  });

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={viewport}
        onScroll={onScroll}
        onWheel={release}
        onTouchStart={release}
        onPointerDown={release}
        onKeyDown={release}
        h="100%"
        style={{ overflowY: 'auto', overflowAnchor: 'none' }}
        data-testid="message-list"
        aria-label="Messages"
        role="log"
        aria-live="polite"
      >
        <Stack ref={content} gap={6} py="md">
          {isFetchingPreviousPage && (
            <Center>
              <Loader size="sm" />
            </Center>
          )}
          {history.isSuccess && !hasPreviousPage && messages.length > 0 && (
            <Text size="xs" c="dimmed" ta="center">
              This is the beginning of the conversation.
            </Text>
          )}
          {history.isPending && (
            <Center py="xl">
              <Loader />
            </Center>
          )}
          {history.isError && (
            <Text c="red" ta="center" size="sm">
              Messages could not be loaded. {history.error.message}
            </Text>
          )}
          {history.isSuccess && messages.length === 0 && pending.length === 0 && (
            <Stack align="center" gap={4} py="xl">
              <Text fw={600}>No messages yet</Text>
              <Text size="sm" c="dimmed">
                {emptyText}
              </Text>
            </Stack>
          )}
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <Divider
                    my="xs"
                    mx="md"
                    labelPosition="center"
                    label={
                      <Text size="xs" fw={600}>
                        {dayLabel(message.createdAt)}
                      </Text>
                    }
                  />
                )}
                <MessageBubble
                  message={message}
                  own={message.sender.id === viewerId}
                  showSender={showSenders && (newDay || startsRun(message, previous))}
                  highlighted={highlighted === message.id}
                  onShowOriginal={showOriginal}
                />
                {receipt?.messageId === message.id && <ReadReceipt receipt={receipt} />}
              </Fragment>
            );
          })}
          {isFetchingNextPage && (
            <Center>
              <Loader size="sm" />
            </Center>
          )}
          {!hasNextPage && pending.map((item) => <PendingBubble key={item.clientId} item={item} />)}
        </Stack>
      </Box>
      {(awayFromBottom || hasNextPage) && (
        <Button
          pos="absolute"
          bottom={12}
          right={20}
          size="xs"
          radius="xl"
          variant="white"
          leftSection={<IconArrowDown size={14} />}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={() => {
            if (hasNextPage) onJumpToLatest();
            else viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
          }}
        >
          Jump to latest
        </Button>
      )}
    </Box>
  );
}
