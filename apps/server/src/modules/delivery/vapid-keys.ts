/**
 * The VAPID key pair pushes are signed with (RFC 8292). Configured keys win; otherwise the first
 * node to need one makes it and keeps it in the database, its private half sealed with the
 * identity secret, and every node reads the same row (`on conflict do nothing` settles two
 * nodes starting together).
 */
import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pushVapidKeys } from '../../db/schema/index.ts';
import type { SealedBox } from '../../identity/sealed-box.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_ROW = 1;

/** The public key that belongs to a private one (both base64url). */
export function publicKeyOf(privateKey: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/** VAPID_SUBJECT, or a mailto: of MAIL_FROM's address (push services want a way to reach us). */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM'>) {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = config.MAIL_FROM.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? config.MAIL_FROM.trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? `mailto:${address}` : 'mailto:no-reply@fieldhouse.local';
}

export async function loadVapidKeys(db: Db, box: SealedBox, config: Config): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const publicKey = config.VAPID_PUBLIC_KEY.replace(/=+$/, '');
    const privateKey = config.VAPID_PRIVATE_KEY.replace(/=+$/, '');
    // A pair that does not match would sign pushes every push service refuses: stop at start-up.
    let derived: string;
    try {
      derived = publicKeyOf(privateKey);
    } catch {
      throw new Error('VAPID_PRIVATE_KEY is not a P-256 private key');
    }
    if (derived !== publicKey) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    return { publicKey, privateKey, subject };
  }
  const read = async () => (await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, KEY_ROW)))[0];
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: KEY_ROW, publicKey: made.publicKey, privateKey: box.seal(made.privateKey) })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('no VAPID keys');
  return { publicKey: row.publicKey, privateKey: box.open(row.privateKey), subject };
}
