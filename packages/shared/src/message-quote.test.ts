import { describe, expect, it } from 'vitest';
import { QUOTE_LENGTH, quoteOf } from './message-quote.ts';

const original = (over: Partial<Parameters<typeof quoteOf>[0]> = {}) => ({
  id: 7,
  content: 'Bus at 3:15',
  messageType: 'TEXT',
  deletedAt: null,
  ...over,
});

describe('quoteOf', () => {
  it('quotes the text, on one line, cut at QUOTE_LENGTH with an ellipsis', () => {
    expect(quoteOf(original({ content: 'Bus\n\nat 3:15' }), 'Dana')).toEqual({
      id: 7,
      senderName: 'Dana',
      text: 'Bus at 3:15',
      unsent: false,
    });
    const long = quoteOf(original({ content: 'word '.repeat(100) }), 'Dana').text;
    expect(long.length).toBeLessThanOrEqual(QUOTE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  it('names photos, files and polls', () => {
    expect(quoteOf(original({ content: '', messageType: 'IMAGE' }), 'D').text).toBe('Photo');
    expect(quoteOf(original({ content: 'Team photo', messageType: 'IMAGE' }), 'D').text).toBe('Team photo');
    expect(quoteOf(original({ content: '', messageType: 'FILE' }), 'D').text).toBe('File');
    expect(quoteOf(original({ content: 'Pizza or tacos?', messageType: 'POLL' }), 'D').text).toBe(
      'Poll: Pizza or tacos?',
    );
  });

  it('never carries an unsent original’s words', () => {
    expect(quoteOf(original({ deletedAt: new Date() }), 'Dana')).toEqual({
      id: 7,
      senderName: 'Dana',
      text: '',
      unsent: true,
    });
  });
});
