import { describe, expect, it } from 'vitest';
import {
  ACK_NUDGE_INTERVAL_MINUTES,
  announcementPostSchema,
  myAnnouncementSchema,
  myAnnouncementsQuerySchema,
} from './announcements.ts';
import { chatMessageSchema, MESSAGE_TYPES } from './chat.ts';

describe('announcement contracts', () => {
  it('takes a non-blank text within the message limit and asks for acknowledgement by default', () => {
    expect(announcementPostSchema.parse({ content: 'Bus leaves at 3:15' })).toEqual({
      content: 'Bus leaves at 3:15',
      requireAck: true,
    });
    expect(announcementPostSchema.parse({ content: 'FYI', requireAck: false }).requireAck).toBe(false);
    expect(announcementPostSchema.safeParse({ content: ' \n ' }).success).toBe(false);
    expect(announcementPostSchema.safeParse({ content: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('reads a member list query leniently: unknown status is pending, pages are capped', () => {
    expect(myAnnouncementsQuerySchema.parse({})).toEqual({ status: 'pending', page: 1, limit: 20 });
    expect(myAnnouncementsQuerySchema.parse({ status: 'all', page: '2', limit: '500' })).toEqual({
      status: 'all',
      page: 2,
      limit: 50,
    });
    expect(myAnnouncementsQuerySchema.parse({ status: 'nope', page: '-1' }).status).toBe('pending');
  });

  it('adds ANNOUNCEMENT to the message types and ack to the message (optional for client-made copies)', () => {
    expect(MESSAGE_TYPES).toContain('ANNOUNCEMENT');
    expect(ACK_NUDGE_INTERVAL_MINUTES).toBe(15);
    const message = {
      id: 1,
      uuid: '00000000-0000-4000-8000-000000000001',
      sender: { id: 2, firstName: 'Dana' },
      content: 'Bus leaves at 3:15',
      createdAt: '2026-11-25T06:00:00.000Z',
      editedAt: null,
      unsent: false,
      messageType: 'ANNOUNCEMENT',
      media: [],
      poll: null,
      chatRoom: { id: 3, uuid: '00000000-0000-4000-8000-000000000003' },
    };
    expect(chatMessageSchema.safeParse(message).success).toBe(true);
    const withAck = { ...message, ack: { asked: 5, acknowledged: 2, mine: 'PENDING' } };
    expect(chatMessageSchema.parse(withAck).ack).toEqual({ asked: 5, acknowledged: 2, mine: 'PENDING' });
    expect(
      myAnnouncementSchema.safeParse({
        kind: 'ANNOUNCEMENT',
        message: withAck,
        roomId: 3,
        team: { id: 4, name: 'Girls Varsity' },
        state: 'PENDING',
        acknowledgedAt: null,
      }).success,
    ).toBe(true);
  });
});
