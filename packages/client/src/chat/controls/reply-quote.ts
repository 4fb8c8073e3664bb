/** The quote a reply to `message` will carry: the server's own `quoteOf`, so the composer's bar shows what the reply will show. */
import { type ChatMessage, type MessageQuote, quoteOf } from '@fieldhouse/shared';

export const senderNameOf = (sender: ChatMessage['sender']) =>
  [sender.firstName, sender.lastName].filter(Boolean).join(' ') || 'Fieldhouse';

export const replyQuoteOf = (message: ChatMessage): MessageQuote =>
  quoteOf({ ...message, deletedAt: null }, senderNameOf(message.sender));
