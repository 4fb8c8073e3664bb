import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationAppUrl,
  notificationPreferencesSchema,
  profileUpdateSchema,
  pushCategoryOf,
  pushSubscriptionSchema,
  pushTag,
  roomIdOfLink,
} from './delivery.ts';

const p256dh = `B${'A'.repeat(86)}`;
const auth = 'A'.repeat(22);

describe('pushSubscriptionSchema', () => {
  it('takes what PushSubscription.toJSON() gives', () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh, auth },
    };
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
  });

  it('refuses keys of the wrong size or alphabet and addresses that are not http(s)', () => {
    const ok = { endpoint: 'https://push.example/x', keys: { p256dh, auth } };
    expect(pushSubscriptionSchema.safeParse({ ...ok, keys: { p256dh: p256dh.slice(1), auth } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...ok, keys: { p256dh, auth: `${auth}A` } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...ok, keys: { p256dh: `B${'+'.repeat(86)}`, auth } }).success).toBe(
      false,
    );
    expect(pushSubscriptionSchema.safeParse({ ...ok, endpoint: 'ftp://push.example/x' }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ ...ok, endpoint: 'not a url' }).success).toBe(false);
  });
});

describe('notification links', () => {
  it('finds the room of a conversation link', () => {
    expect(roomIdOfLink('/messages?roomId=12')).toBe(12);
    expect(roomIdOfLink('/messages/?x=1&roomId=7')).toBe(7);
    expect(roomIdOfLink('/calendar?date=2026-11-26&event=3')).toBeNull();
    expect(roomIdOfLink(null)).toBeNull();
  });

  it('opens conversations in the member app for members and in the admin app for admins', () => {
    expect(notificationAppUrl('/messages?roomId=12', 'COACH')).toBe('/m/chats/12');
    expect(notificationAppUrl('/messages?roomId=12', 'PARENT')).toBe('/m/chats/12');
    expect(notificationAppUrl('/messages?roomId=12', 'ATHLETIC_DIRECTOR')).toBe('/messages/?roomId=12');
    expect(notificationAppUrl('/calendar?date=2026-11-26&event=3', 'ATHLETE')).toBe(
      '/m/schedule?date=2026-11-26&event=3',
    );
    expect(notificationAppUrl('/calendar?date=2026-11-26&event=3', 'SUPER_ADMIN')).toBe(
      '/calendar?date=2026-11-26&event=3',
    );
    expect(notificationAppUrl('/m/announcements/4', 'PARENT')).toBe('/m/announcements/4');
    expect(notificationAppUrl('/messages?roomId=12&messageId=40', 'PARENT')).toBe('/m/chats/12?messageId=40');
    expect(notificationAppUrl('/messages?roomId=12&messageId=40', 'ATHLETIC_DIRECTOR')).toBe(
      '/messages/?roomId=12&messageId=40',
    );
    expect(notificationAppUrl(null, 'COACH')).toBe('/m/');
    expect(notificationAppUrl('//evil.example', 'ATHLETIC_DIRECTOR')).toBe('/');
  });

  it('collapses pushes per room', () => {
    expect(pushTag('/messages?roomId=12')).toBe('room-12');
    expect(pushTag('/calendar?event=3')).toBe('link-/calendar?event=3');
  });

  it('files each notification under one switch', () => {
    expect(pushCategoryOf({ type: 'message', actionUrl: '/messages?roomId=1' })).toBe('messages');
    expect(pushCategoryOf({ type: 'info', actionUrl: '/messages?roomId=1' })).toBe('messages');
    expect(pushCategoryOf({ type: 'event', actionUrl: '/calendar' })).toBe('schedule');
    expect(pushCategoryOf({ type: 'info', actionUrl: '/m/announcements/2' })).toBe('announcements');
    // Announcements and nudges (decision 027) link the message: the announcements switch.
    expect(pushCategoryOf({ type: 'message', actionUrl: '/messages?roomId=1&messageId=9' })).toBe('announcements');
  });
});

describe('preferences and profile', () => {
  it('has every switch on by default and takes only booleans', () => {
    expect(notificationPreferencesSchema.parse(DEFAULT_NOTIFICATION_PREFERENCES)).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    expect(
      notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATION_PREFERENCES, emailDigest: 'no' }).success,
    ).toBe(false);
  });

  it('reads name and phone under the directory rules', () => {
    expect(profileUpdateSchema.parse({ firstName: ' Cora ', contactNumber: '' })).toEqual({
      firstName: 'Cora',
      contactNumber: null,
    });
    expect(profileUpdateSchema.safeParse({ firstName: '' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ contactNumber: 'call me' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ role: 'SUPER_ADMIN' }).data).toEqual({});
  });
});
