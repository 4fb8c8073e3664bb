import { describe, expect, it } from 'vitest';
import { MESSAGE_EDIT_WINDOW_MINUTES, messageEditSchema, withinEditWindow } from './message-controls.ts';

describe('withinEditWindow', () => {
  const sent = '2026-11-25T06:00:00.000Z';
  const at = (minutes: number) => Date.parse(sent) + minutes * 60_000;

  it('is open for 15 minutes after sending and closed from then on', () => {
    expect(MESSAGE_EDIT_WINDOW_MINUTES).toBe(15);
    expect(withinEditWindow(sent, at(0))).toBe(true);
    expect(withinEditWindow(new Date(sent), at(14.99))).toBe(true);
    expect(withinEditWindow(sent, at(15))).toBe(false);
    expect(withinEditWindow(sent, at(60))).toBe(false);
  });
});

describe('messageEditSchema', () => {
  it('takes a non-blank text within the message limit', () => {
    expect(messageEditSchema.safeParse({ messageId: 1, content: 'Fixed' }).success).toBe(true);
    expect(messageEditSchema.safeParse({ messageId: 1, content: '  \n ' }).success).toBe(false);
    expect(messageEditSchema.safeParse({ messageId: 1, content: 'x'.repeat(5001) }).success).toBe(false);
    expect(messageEditSchema.safeParse({ messageId: 0, content: 'Fixed' }).success).toBe(false);
  });
});
