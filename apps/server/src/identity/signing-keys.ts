/**
 * RS256 signing keys, kept in the database (private halves sealed). The newest active key
 * signs; retired keys stay in the JWKS until every token they signed has expired.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { desc, gt, isNull, or } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { identityKeys } from '../db/schema/index.ts';
import type { SealedBox } from './sealed-box.ts';

export type SigningKey = {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  retiredAt: Date | null;
};

export class SigningKeys {
  private keys: SigningKey[] = [];

  constructor(
    private readonly db: Db,
    private readonly box: SealedBox,
    /** How long a retired key keeps verifying: the longest token lifetime. */
    private readonly graceMs: number,
  ) {}

  /** Loads the keys, creating the first one on a new pool. */
  async load(): Promise<void> {
    await this.refresh();
    if (!this.current()) {
      await this.rotate();
    }
  }

  async refresh(): Promise<void> {
    const since = new Date(Date.now() - this.graceMs);
    const rows = await this.db
      .select()
      .from(identityKeys)
      .where(or(isNull(identityKeys.retiredAt), gt(identityKeys.retiredAt, since)))
      .orderBy(desc(identityKeys.createdAt));
    this.keys = rows.map((row) => {
      const privateKey = createPrivateKey(this.box.open(row.privateKey));
      return {
        kid: row.kid,
        privateKey,
        publicKey: createPublicKey(privateKey),
        publicJwk: row.publicJwk as JWK,
        retiredAt: row.retiredAt,
      };
    });
  }

  /** Makes a new signing key and retires the others (they still verify during the grace period). */
  async rotate(): Promise<SigningKey> {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomUUID();
    const publicJwk = { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: 'RS256', use: 'sig' };
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await this.db.transaction(async (tx) => {
      await tx.update(identityKeys).set({ retiredAt: new Date() }).where(isNull(identityKeys.retiredAt));
      await tx.insert(identityKeys).values({ kid, privateKey: this.box.seal(pem), publicJwk });
    });
    await this.refresh();
    return this.current() as SigningKey;
  }

  current(): SigningKey | undefined {
    return this.keys.find((key) => key.retiredAt === null);
  }

  find(kid: string): SigningKey | undefined {
    return this.keys.find((key) => key.kid === kid);
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.keys.map((key) => key.publicJwk) };
  }
}
