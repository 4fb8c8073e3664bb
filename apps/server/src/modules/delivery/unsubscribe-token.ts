/**
 * The digest's unsubscribe link carries `v1.<user id>.<HMAC-SHA256(user id, purpose)>` under a
 * key derived from the server's identity secret: no database row, never expires, and only this
 * server can make one. Anything else is refused without a lookup.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'email-digest-unsubscribe';

export type UnsubscribeTokens = { make: (userId: number) => string; read: (token: string) => number | null };

export function unsubscribeTokens(serverSecret: Buffer): UnsubscribeTokens {
  // A key of its own, so this MAC can never be mistaken for anything else the secret signs.
  const key = createHmac('sha256', serverSecret).update('fieldhouse-unsubscribe-v1').digest();
  const mac = (userId: number) => createHmac('sha256', key).update(`${userId}:${PURPOSE}`).digest();
  return {
    make: (userId) => `v1.${userId}.${mac(userId).toString('base64url')}`,
    read(token) {
      const match = /^v1\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      if (userId > 2_147_483_647) return null;
      const given = Buffer.from(match[2] as string, 'base64url');
      const expected = mac(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}
