/**
 * AES-256-GCM with the server's identity secret: seals SRP verifiers, signing keys and
 * challenge state at rest, so a database dump alone is not enough to attack them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type SealedBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createSealedBox(secret: Buffer): SealedBox {
  // Derive a fixed-size key whatever the secret's length.
  const key = createHash('sha256').update('fieldhouse-identity-v1').update(secret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
