/**
 * Pending sign-in challenges (SRP state, NEW_PASSWORD_REQUIRED): the client holds an opaque
 * random id, the row keeps only its hash and sealed state; single use, three minutes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityChallenges } from '../db/schema/index.ts';
import { notAuthorized } from './errors.ts';
import { CHALLENGE_LIFETIME_MS, type PoolContext } from './pool-context.ts';

export type ChallengeName = 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED';

const sha256Hex = (value: Buffer) => createHash('sha256').update(value).digest('hex');
// Clients may send standard or URL-safe base64, padded or not.
const idHash = (id: string) => sha256Hex(Buffer.from(id.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));

export class Challenges {
  constructor(private readonly ctx: PoolContext) {}

  async create(name: ChallengeName, accountId: number | null, state: object): Promise<string> {
    const id = randomBytes(48);
    await this.ctx.db.insert(identityChallenges).values({
      idHash: sha256Hex(id),
      accountId,
      name,
      state: this.ctx.box.seal(JSON.stringify(state)),
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    });
    return id.toString('base64');
  }

  /**
   * Marks a challenge used and returns it; a second use, or one after three minutes, is refused.
   * Inside a transaction that fails later, the challenge stays usable.
   */
  async consume<State>(id: string, name: ChallengeName, db: Db = this.ctx.db) {
    const [row] = await db
      .update(identityChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(identityChallenges.idHash, idHash(id)),
          eq(identityChallenges.name, name),
          isNull(identityChallenges.usedAt),
          gt(identityChallenges.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw notAuthorized('Invalid session for the user, session is expired.');
    return { accountId: row.accountId, state: JSON.parse(this.ctx.box.open(row.state)) as State };
  }
}
