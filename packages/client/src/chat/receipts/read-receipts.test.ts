import type { ChatMessage, RoomDetail } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { applyReadPosition, receiptOf } from './read-receipts.ts';

const VIEWER = 1;
const message = (id: number, senderId: number, extra: Partial<ChatMessage> = {}) =>
  ({
    id,
    sender: { id: senderId, firstName: 'X' },
    messageType: 'TEXT',
    unsent: false,
    ...extra,
  }) as ChatMessage;
const room = (kind: RoomDetail['kind'], reads: RoomDetail['reads']) => ({ kind, reads }) as RoomDetail;

describe('receiptOf', () => {
  const thread = [message(10, VIEWER), message(11, 2), message(12, VIEWER)];

  it('says "Seen" in a direct room once the other read the viewer’s last message', () => {
    expect(receiptOf(thread, room('DIRECT', [{ userId: 2, lastReadMessageId: 11 }]), VIEWER)).toBeNull();
    expect(receiptOf(thread, room('DIRECT', [{ userId: 2, lastReadMessageId: 12 }]), VIEWER)).toEqual({
      messageId: 12,
      seen: 1,
      of: 1,
      label: 'Seen',
    });
  });

  it('counts N of M in a group, M being every other participant', () => {
    const reads = [
      { userId: 2, lastReadMessageId: 12 },
      { userId: 3, lastReadMessageId: 15 },
      { userId: 4, lastReadMessageId: null },
    ];
    expect(receiptOf(thread, room('TEAM', reads), VIEWER)?.label).toBe('Seen by 2 of 3');
  });

  it('shows nothing without reads, without an own message, or under an unsent or system message', () => {
    expect(receiptOf(thread, undefined, VIEWER)).toBeNull();
    expect(receiptOf(thread, room('GROUP', []), VIEWER)).toBeNull();
    expect(receiptOf([message(11, 2)], room('DIRECT', [{ userId: 2, lastReadMessageId: 11 }]), VIEWER)).toBeNull();
    const unsent = [message(10, VIEWER), message(12, VIEWER, { unsent: true })];
    expect(receiptOf(unsent, room('DIRECT', [{ userId: 2, lastReadMessageId: 12 }]), VIEWER)).toBeNull();
    const notice = [message(10, VIEWER), message(12, VIEWER, { messageType: 'SYSTEM' })];
    expect(receiptOf(notice, room('DIRECT', [{ userId: 2, lastReadMessageId: 12 }]), VIEWER)?.messageId).toBe(10);
  });
});

describe('applyReadPosition', () => {
  const detail = room('GROUP', [
    { userId: 2, lastReadMessageId: 5 },
    { userId: 3, lastReadMessageId: null },
  ]);

  it('moves a participant forward', () => {
    expect(applyReadPosition(detail, 3, 7).reads).toEqual([
      { userId: 2, lastReadMessageId: 5 },
      { userId: 3, lastReadMessageId: 7 },
    ]);
  });

  it('never back, and not for someone who is no listed participant', () => {
    expect(applyReadPosition(detail, 2, 4)).toBe(detail);
    expect(applyReadPosition(detail, 9, 7)).toBe(detail);
  });
});
