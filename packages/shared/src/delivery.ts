/**
 * Notifications that reach people who are not looking (issue 18, items 5 and 6; decision 028):
 * web push subscriptions (VAPID), what a push carries, notification preferences, and one's own
 * profile (name, phone, photo). The member app and the admin app read the same contracts.
 */
import { z } from 'zod';
import { userUpdateSchema } from './directory.ts';
import { isAdminRole, type Role } from './user.ts';

// ── Web push ────────────────────────────────────────────────────────────────────────────────

/** A push service's address as the browser's PushSubscription gives it. */
export const pushEndpointSchema = z
  .url({ protocol: /^https?$/, error: 'endpoint must be the http(s) address of a push service' })
  .max(2048, 'endpoint must be at most 2048 characters');

/**
 * `PushSubscription.toJSON()` as the browser makes it: the endpoint, the browser's P-256 public
 * key (65 bytes, uncompressed, base64url) and its 16-byte auth secret (RFC 8291).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Browsers send it (usually null); the server does not use it. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .max(88)
      .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be an uncompressed P-256 public key in base64url'),
    auth: z
      .string()
      .max(24)
      .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** `GET /api/push/public-key`: the VAPID public key for `pushManager.subscribe({applicationServerKey})`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What `POST /api/push/subscriptions` answers. */
export const pushSubscriptionSavedSchema = z.object({ endpoint: z.string(), createdAt: z.string() });

/** What `DELETE /api/push/subscriptions` answers: whether this person had that endpoint. */
export const pushSubscriptionRemovedSchema = z.object({ removed: z.boolean() });

/**
 * The JSON a push carries (decrypted by the browser, shown by the service worker): `url` opens
 * the right place in the app the person uses, `tag` collapses pushes of one conversation (or one
 * event) into one system notification.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The member app's base path (issue 18: served by the same process under /m/). */
export const MEMBER_APP_BASE = '/m/';

/** The room id of a notification's link to a conversation (`/messages?roomId=12`), if it is one. */
export function roomIdOfLink(actionUrl: string | null | undefined): number | null {
  const match = actionUrl?.match(/^\/messages\/?\?(?:.*&)?roomId=(\d+)(?:&|$)/);
  return match ? Number(match[1]) : null;
}

/**
 * Where a notification's link (`actionUrl`, written in the admin app's routes) opens for this
 * person: the member app for coaches, athletes and guardians (`/m/chats/12`,
 * `/m/schedule?…`), the admin app for the admin roles (`/messages/?roomId=12`).
 */
/** The message a link points at (`…&messageId=7`: an announcement or its nudge, decision 027). */
export function messageIdOfLink(actionUrl: string | null | undefined): number | null {
  const match = actionUrl?.match(/^\/messages\/?\?(?:.*&)?messageId=(\d+)(?:&|$)/);
  return match ? Number(match[1]) : null;
}

export function notificationAppUrl(actionUrl: string | null | undefined, role: Role | null): string {
  const roomId = roomIdOfLink(actionUrl);
  const messageId = messageIdOfLink(actionUrl);
  const at = messageId === null ? '' : `messageId=${messageId}`;
  if (isAdminRole(role)) {
    if (roomId !== null) return `/messages/?roomId=${roomId}${at ? `&${at}` : ''}`;
    return actionUrl?.startsWith('/') && !actionUrl.startsWith('//') ? actionUrl : '/';
  }
  if (roomId !== null) return `${MEMBER_APP_BASE}chats/${roomId}${at ? `?${at}` : ''}`;
  if (actionUrl?.startsWith(MEMBER_APP_BASE)) return actionUrl;
  const calendar = actionUrl?.match(/^\/calendar\/?(\?.*)?$/);
  if (calendar) return `${MEMBER_APP_BASE}schedule${calendar[1] ?? ''}`;
  return MEMBER_APP_BASE;
}

/** One system notification per conversation (or per linked thing) on a device. */
export function pushTag(actionUrl: string | null | undefined): string {
  const roomId = roomIdOfLink(actionUrl);
  if (roomId !== null) return `room-${roomId}`;
  return actionUrl ? `link-${actionUrl}` : 'fieldhouse';
}

// ── Preferences ─────────────────────────────────────────────────────────────────────────────

/** What push can be switched on and off for. */
export const PUSH_CATEGORIES = ['messages', 'announcements', 'schedule'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/** `GET/PUT /api/me/preferences`: every switch on until the person turns it off. */
export const notificationPreferencesSchema = z.object({
  push: z.object({
    /** New messages in one's conversations, and being added to one. */
    messages: z.boolean(),
    /** Announcements and reminders to acknowledge, and anything else the school sends. */
    announcements: z.boolean(),
    /** Schedule changes of one's teams. */
    schedule: z.boolean(),
  }),
  /** The e-mail of unread things after DIGEST_AFTER_MINUTES away from the app. */
  emailDigest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  push: { messages: true, announcements: true, schedule: true },
  emailDigest: true,
};

/** Which switch a notification falls under: schedule changes, announcements, conversations, the rest. */
export function pushCategoryOf(notification: { type: string; actionUrl: string | null }): PushCategory {
  if (notification.type === 'event') return 'schedule';
  // An announcement (or its nudge) links the message itself.
  if (messageIdOfLink(notification.actionUrl) !== null) return 'announcements';
  if (notification.type === 'message' || roomIdOfLink(notification.actionUrl) !== null) return 'messages';
  return 'announcements';
}

// ── Profile ─────────────────────────────────────────────────────────────────────────────────

/** `PATCH /api/me/profile`: one's own name and phone, under the directory's rules. */
export const profileUpdateSchema = userUpdateSchema.pick({ firstName: true, lastName: true, contactNumber: true });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** One's own profile as `GET/PATCH /api/me/profile` and the photo routes answer it. */
export const myProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  contactNumber: z.string().nullable(),
  /** `/api/photos/<key>` for an uploaded photo (read with the bearer token), or any URL. */
  userImage: z.string().nullable(),
  role: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** `PUT /api/me/photo`: the image's bytes as the body; its bytes, not its name, decide its type. */
export const PROFILE_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
