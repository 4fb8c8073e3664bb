/**
 * Six-digit codes mailed for sign-up confirmation and password reset: hashed at rest, single
 * use, one hour, five attempts. Every username answers alike whether or not it has an account:
 * attempts and requests are also counted per username (shared across nodes), so an unknown
 * user's guesses run out exactly as a real user's do.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityAccounts, identityCodes } from '../db/schema/index.ts';
import type { AfterCommit } from '../db/transaction.ts';
import { maskEmail } from '../mail/mailer.ts';
import type { Account } from './accounts.ts';
import { codeMismatch, expiredCode, limitExceeded } from './errors.ts';
import {
  CODE_LIFETIME_MS,
  CODE_MAX_ATTEMPTS,
  normalizeUsername,
  type PoolContext,
  usernameDigest,
} from './pool-context.ts';

export type CodePurpose = (typeof identityCodes.$inferSelect)['purpose'];

const ATTEMPTS_EXCEEDED = 'Attempt limit exceeded, please try after some time.';

export class Codes {
  constructor(private readonly ctx: PoolContext) {}

  private hash(accountId: number, code: string) {
    return createHmac('sha256', this.ctx.secret).update(`${accountId}:${code}`).digest('hex');
  }

  /** The per-username counter key: an account's e-mail, so its sub and e-mail count together. */
  private limitKey(purpose: CodePurpose, username: string, account: Account | undefined) {
    return `${purpose}:${usernameDigest(this.ctx.secret, 'code', account?.email ?? normalizeUsername(username))
      .toString('hex')
      .slice(0, 32)}`;
  }

  /**
   * Cognito's CodeDeliveryDetails, for a real account or the name an unknown user gave, written
   * as a stored address would be (lower case): "A***@School.org" would tell it was unknown.
   */
  delivery(username: string, account: Account | undefined) {
    const to = account?.email ?? (username.includes('@') ? normalizeUsername(username) : 'u@unknown');
    return { Destination: maskEmail(to), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  /** Counts a request for a mailed code (unknown users too); past the hourly limit, LimitExceeded. */
  async countRequest(purpose: CodePurpose, username: string, account: Account | undefined) {
    const { allowed } = await this.ctx.limits.codeRequests.hit(this.limitKey(purpose, username, account));
    if (!allowed) throw limitExceeded(ATTEMPTS_EXCEEDED);
  }

  /** A new code's five attempts; an unknown user's request restarts them the same way. */
  async restartAttempts(purpose: CodePurpose, username: string, account: Account | undefined) {
    await this.ctx.limits.codeChecks.reset(this.limitKey(purpose, username, account));
  }

  /**
   * A new code replaces any earlier one of the same purpose and restarts the attempt count; it
   * is mailed after `db`'s transaction commits.
   */
  async issue(db: Db, afterCommit: AfterCommit, account: Account, purpose: CodePurpose) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Two requests at once must not leave two live codes: they queue on the account row.
    await db
      .select({ id: identityAccounts.id })
      .from(identityAccounts)
      .where(eq(identityAccounts.id, account.id))
      .for('update');
    await db
      .update(identityCodes)
      .set({ usedAt: new Date() })
      .where(
        and(eq(identityCodes.accountId, account.id), eq(identityCodes.purpose, purpose), isNull(identityCodes.usedAt)),
      );
    await db.insert(identityCodes).values({
      accountId: account.id,
      purpose,
      codeHash: this.hash(account.id, code),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    });
    afterCommit(async () => {
      await this.restartAttempts(purpose, account.email, account);
      const signUp = purpose === 'CONFIRM_SIGN_UP';
      await this.ctx.mailer.send({
        kind: signUp ? 'confirm-sign-up' : 'reset-password',
        to: account.email,
        subject: signUp ? 'Your Fieldhouse confirmation code' : 'Your Fieldhouse password reset code',
        text: `${signUp ? 'Your confirmation code' : 'Your password reset code'} is ${code}. It expires in one hour.\n\n${this.ctx.options.appUrl}`,
      });
    });
  }

  /**
   * Checks a code and returns the live code's id for `consume`. Each check first takes one of
   * the code's five attempts in a single conditional UPDATE, so parallel guesses can never check
   * more than five; the attempt stays counted whatever happens next. Wrong or missing codes,
   * and every code of an unknown user, answer CodeMismatch; only the right code after it was
   * used or expired answers ExpiredCode.
   */
  async check(purpose: CodePurpose, username: string, account: Account | undefined, code: string): Promise<number> {
    const { allowed } = await this.ctx.limits.codeChecks.hit(this.limitKey(purpose, username, account));
    if (!allowed) throw limitExceeded(ATTEMPTS_EXCEEDED);
    return this.compare(purpose, account, code);
  }

  /** `check` without the per-username counter: the code row's own count, race-free in SQL. */
  async compare(purpose: CodePurpose, account: Account | undefined, code: string): Promise<number> {
    const accountId = account?.id ?? 0;
    const given = Buffer.from(this.hash(accountId, code.trim()));
    const matches = (hash: string) => timingSafeEqual(given, Buffer.from(hash));
    const ofAccount = and(eq(identityCodes.accountId, accountId), eq(identityCodes.purpose, purpose));
    const checked = await this.ctx.db
      .update(identityCodes)
      .set({ attempts: sql`${identityCodes.attempts} + 1` })
      .where(
        and(
          ofAccount,
          isNull(identityCodes.usedAt),
          gt(identityCodes.expiresAt, new Date()),
          lt(identityCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: identityCodes.id, codeHash: identityCodes.codeHash });
    const right = checked.find((row) => matches(row.codeHash));
    if (right) return right.id;
    if (checked.length > 0) throw codeMismatch('Invalid verification code provided, please try again.');
    const [latest] = await this.ctx.db
      .select()
      .from(identityCodes)
      .where(ofAccount)
      .orderBy(desc(identityCodes.id))
      .limit(1);
    if (latest && !latest.usedAt && latest.expiresAt > new Date()) throw limitExceeded(ATTEMPTS_EXCEEDED);
    if (latest && matches(latest.codeHash)) throw expiredCode('Invalid code provided, please request a code again.');
    throw codeMismatch('Invalid verification code provided, please try again.');
  }

  /** Marks a checked code used, in the transaction of the change it allows; a second use is refused. */
  async consume(db: Db, codeId: number) {
    const [used] = await db
      .update(identityCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(identityCodes.id, codeId), isNull(identityCodes.usedAt)))
      .returning({ id: identityCodes.id });
    if (!used) throw expiredCode('Invalid code provided, please request a code again.');
  }
}
