/**
 * Replies (decision 023): the quote a reply carries in its bubble (a button that shows the
 * original), the bar above the composer while writing one, and the draft they share. The draft
 * lives in the thread, so "Reply" in any bubble reaches the composer below.
 */
import type { MessageQuote } from '@fieldhouse/shared';
import { Box, CloseButton, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCornerUpLeft } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type ReplyDraft = {
  /** The message being answered in this room, or null. */
  replyTo: MessageQuote | null;
  start: (quote: MessageQuote) => void;
  cancel: () => void;
};

const ReplyDraftContext = createContext<ReplyDraft>({ replyTo: null, start: () => {}, cancel: () => {} });

/** One draft per open room: switching rooms drops a reply started in another. */
export function ReplyDraftProvider({ roomId, children }: { roomId: number; children: ReactNode }) {
  const [draft, setDraft] = useState<{ roomId: number; quote: MessageQuote } | null>(null);
  const value = useMemo<ReplyDraft>(
    () => ({
      replyTo: draft?.roomId === roomId ? draft.quote : null,
      start: (quote) => setDraft({ roomId, quote }),
      cancel: () => setDraft(null),
    }),
    [draft, roomId],
  );
  return <ReplyDraftContext.Provider value={value}>{children}</ReplyDraftContext.Provider>;
}

export const useReplyDraft = () => useContext(ReplyDraftContext);

function QuoteText({ quote }: { quote: MessageQuote }) {
  return quote.unsent ? (
    <Text size="xs" fs="italic" c="dimmed">
      Message unsent
    </Text>
  ) : (
    <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
      {quote.text}
    </Text>
  );
}

const quoteStyle = {
  borderLeft: '3px solid var(--mantine-primary-color-filled)',
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-default-hover)',
  textAlign: 'start',
} as const;

/** The quote inside a reply's bubble; choosing it shows the original (a sending reply's only reads). */
export function BubbleQuote({ quote, onShow }: { quote: MessageQuote; onShow?: ((id: number) => void) | undefined }) {
  const inner = (
    <>
      <Text size="xs" fw={600}>
        {quote.senderName}
      </Text>
      <QuoteText quote={quote} />
    </>
  );
  if (!onShow)
    return (
      <Box px="sm" py={4} maw="100%" style={quoteStyle} data-testid="reply-quote">
        {inner}
      </Box>
    );
  return (
    <UnstyledButton
      onClick={() => onShow(quote.id)}
      data-testid="reply-quote"
      px="sm"
      py={4}
      maw="100%"
      // A thumb-sized target on a touch screen, whatever the quote's length.
      mih={44}
      style={quoteStyle}
    >
      {/* The name speaks the visible text (WCAG 2.5.3), with what choosing it does. */}
      <VisuallyHidden>Reply to </VisuallyHidden>
      {inner}
      <VisuallyHidden>Show the original message</VisuallyHidden>
    </UnstyledButton>
  );
}

/** Above the composer while writing a reply; the close button (or Escape in the composer) cancels. */
export function ReplyBar({ quote, onCancel }: { quote: MessageQuote; onCancel: () => void }) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      mb="xs"
      px="sm"
      py={4}
      data-testid="reply-bar"
      style={{ borderLeft: '3px solid var(--mantine-primary-color-filled)' }}
    >
      <IconCornerUpLeft size={16} style={{ flexShrink: 0 }} aria-hidden />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600}>
          Replying to {quote.senderName}
        </Text>
        <QuoteText quote={quote} />
      </Box>
      <CloseButton aria-label="Cancel reply" onClick={onCancel} size="lg" />
    </Group>
  );
}
