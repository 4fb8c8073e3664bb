import type { ChatMessage } from '@fieldhouse/shared';

/**
 * One line for a conversation list (both apps): the text, or what was sent instead of text.
 * Unsent comes first: an unsent message keeps its poll and media rows but shows none of them.
 */
export function messagePreview(message: ChatMessage): string {
  if (message.unsent) return 'Message unsent';
  if (message.poll) return `Poll: ${message.poll.question}`;
  const text = message.content.trim();
  if (text) return text;
  const files = message.media.length;
  if (files === 0) return 'Message';
  const images = message.media.every((m) => m.mimeType.startsWith('image/'));
  return images ? (files === 1 ? 'Photo' : `${files} photos`) : files === 1 ? 'File' : `${files} files`;
}
