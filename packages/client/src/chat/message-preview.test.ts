import type { ChatMessage, Media, Poll } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { messagePreview } from './message-preview.ts';

const message = (overrides: Partial<ChatMessage>) =>
  ({ id: 7, content: '', messageType: 'TEXT', unsent: false, media: [], poll: null, ...overrides }) as ChatMessage;
const file = (mimeType: string) => ({ id: 1, fileName: 'x', mimeType, size: 1, url: '/x' }) as Media;
const poll = { id: 3, question: 'Bus or cars?', multipleChoice: false, closesAt: null, options: [] } as Poll;

describe('messagePreview', () => {
  it('shows the text, trimmed', () => {
    expect(messagePreview(message({ content: '  See you at six \n' }))).toBe('See you at six');
  });

  it('names photos and files by their count', () => {
    expect(messagePreview(message({ messageType: 'IMAGE', media: [file('image/png')] }))).toBe('Photo');
    expect(messagePreview(message({ media: [file('image/png'), file('image/jpeg')] }))).toBe('2 photos');
    expect(messagePreview(message({ messageType: 'FILE', media: [file('application/pdf')] }))).toBe('File');
    expect(messagePreview(message({ media: [file('image/png'), file('application/pdf')] }))).toBe('2 files');
  });

  it('keeps the caption over the attachment', () => {
    expect(messagePreview(message({ content: 'Team photo', media: [file('image/png')] }))).toBe('Team photo');
  });

  it('shows a poll by its question', () => {
    expect(messagePreview(message({ messageType: 'POLL', poll }))).toBe('Poll: Bus or cars?');
  });

  it('says an unsent message was unsent, whatever it held', () => {
    expect(messagePreview(message({ unsent: true, content: 'secret', poll, media: [file('image/png')] }))).toBe(
      'Message unsent',
    );
  });

  it('never shows an empty line', () => {
    expect(messagePreview(message({ content: '   ' }))).toBe('Message');
  });
});
