import type { ChatMessage } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { replyQuoteOf, senderNameOf } from './reply-quote.ts';

const message = (overrides: Partial<ChatMessage>) =>
  ({
    id: 7,
    content: 'See you at six',
    messageType: 'TEXT',
    unsent: false,
    sender: { id: 2, firstName: 'Sam', lastName: 'Lee', userImage: null },
    ...overrides,
  }) as ChatMessage;

describe('replyQuoteOf', () => {
  it('quotes the text with the sender’s full name', () => {
    expect(replyQuoteOf(message({}))).toEqual({ id: 7, senderName: 'Sam Lee', text: 'See you at six', unsent: false });
  });

  it('quotes a poll by its question', () => {
    expect(replyQuoteOf(message({ messageType: 'POLL', content: 'Bus or cars?' })).text).toBe('Poll: Bus or cars?');
  });

  it('names a sender without a name Fieldhouse', () => {
    expect(senderNameOf({ id: 1, firstName: '', lastName: null, userImage: null })).toBe('Fieldhouse');
  });
});
