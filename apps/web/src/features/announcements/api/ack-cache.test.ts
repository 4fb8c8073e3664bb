import type { HistoryPage } from '@fieldhouse/client/chat/cache/chat-cache.ts';
import type { ChatMessage } from '@fieldhouse/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyAckCounts, withAckCounts } from './ack-cache.ts';

const message = (id: number, ack: ChatMessage['ack'] = null): ChatMessage => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  sender: { id: 1, firstName: 'Dana' },
  content: `m${id}`,
  createdAt: '2026-11-25T06:00:00.000Z',
  editedAt: null,
  unsent: false,
  messageType: ack ? 'ANNOUNCEMENT' : 'TEXT',
  media: [],
  poll: null,
  ack,
  chatRoom: { id: 9, uuid: '00000000-0000-4000-8000-000000000009' },
});

describe('live acknowledgement counts', () => {
  it('sets the counts of that message only and keeps the viewer’s own state', () => {
    const mine = message(2, { asked: 5, acknowledged: 1, mine: 'PENDING' });
    expect(withAckCounts(mine, { roomId: 9, messageId: 2, acknowledged: 2, asked: 5 }).ack).toEqual({
      asked: 5,
      acknowledged: 2,
      mine: 'PENDING',
    });
    const other = message(3);
    expect(withAckCounts(other, { roomId: 9, messageId: 2, acknowledged: 2, asked: 5 })).toBe(other);
  });

  it('leaves a history without the message untouched, and patches the page that holds it', () => {
    const data: InfiniteData<HistoryPage> = {
      pages: [
        { messages: [message(1)], hasOlder: false, hasNewer: true },
        {
          messages: [message(2, { asked: 5, acknowledged: 0, mine: null }), message(3)],
          hasOlder: true,
          hasNewer: false,
        },
      ],
      pageParams: [{}, {}],
    };
    expect(applyAckCounts(data, { roomId: 9, messageId: 7, acknowledged: 1, asked: 5 })).toBe(data);
    const next = applyAckCounts(data, { roomId: 9, messageId: 2, acknowledged: 2, asked: 5 });
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]?.messages[0]?.ack).toEqual({ asked: 5, acknowledged: 2, mine: null });
  });
});
