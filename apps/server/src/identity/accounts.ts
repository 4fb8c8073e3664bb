/**
 * Accounts: lookup, creation, credentials (SRP verifier and argon2 hash) and the lockout kept on
 * the account row. Writes that belong to a larger change take the transaction as `db`.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityAccounts } from '../db/schema/index.ts';
import { usernameExists } from './errors.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { LOCKOUT_AFTER, LOCKOUT_MAX_S, normalizeUsername, type PoolContext } from './pool-context.ts';
import { createVerifier } from './srp.ts';

export type Account = typeof identityAccounts.$inferSelect;
export type AccountStatus = Account['status'];

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const isLocked = (account: Account) => account.lockedUntil !== null && account.lockedUntil > new Date();

export class Accounts {
  constructor(private readonly ctx: PoolContext) {}

  /** By e-mail (any case) or by sub, as Cognito's username or alias. */
  async find(username: string, db: Db = this.ctx.db): Promise<Account | undefined> {
    const value = normalizeUsername(username);
    if (value === '') return undefined;
    const [account] = await db
      .select()
      .from(identityAccounts)
      .where(isUuid(value) ? eq(identityAccounts.sub, value) : eq(identityAccounts.email, value))
      .limit(1);
    return account;
  }

  /** By row id; an unknown user's stand-in id 0 finds nothing in the same query time. */
  async findById(id: number, db: Db = this.ctx.db): Promise<Account | undefined> {
    const [account] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, id)).limit(1);
    return account;
  }

  /** Salt, sealed verifier and argon2 hash for a password (the hash may be shared in bulk). */
  private async credentials(sub: string, password: string, passwordHash?: string) {
    const { salt, verifier } = createVerifier(this.ctx.poolName, sub, password);
    return {
      srpSalt: salt,
      srpVerifier: this.ctx.box.seal(verifier),
      passwordHash: passwordHash ?? (await hashPassword(password)),
    };
  }

  async create(input: {
    email: string;
    password: string;
    status: AccountStatus;
    emailVerified: boolean;
    attributes?: Record<string, string>;
    passwordHash?: string;
  }): Promise<Account> {
    const email = normalizeUsername(input.email);
    if (await this.find(email)) throw usernameExists('An account with the given email already exists.');
    const sub = randomUUID();
    const [account] = await this.ctx.db
      .insert(identityAccounts)
      .values({
        sub,
        email,
        emailVerified: input.emailVerified,
        status: input.status,
        attributes: input.attributes ?? {},
        ...(await this.credentials(sub, input.password, input.passwordHash)),
      })
      .onConflictDoNothing()
      .returning();
    if (!account) throw usernameExists('An account with the given email already exists.');
    return account;
  }

  /** A new password (policy checked) clears the lockout; `emailVerified` when a mailed code proved the address. */
  async setPassword(
    db: Db,
    account: Account,
    password: string,
    status: AccountStatus,
    extra: { emailVerified?: boolean } = {},
  ) {
    checkPasswordPolicy(password, this.ctx.options.passwordPolicy);
    await db
      .update(identityAccounts)
      .set({
        ...(await this.credentials(account.sub, password)),
        status,
        failedAttempts: 0,
        lockedUntil: null,
        ...extra,
      })
      .where(eq(identityAccounts.id, account.id));
  }

  async update(db: Db, account: Account, values: Partial<Pick<Account, 'enabled' | 'status' | 'emailVerified'>>) {
    await db.update(identityAccounts).set(values).where(eq(identityAccounts.id, account.id));
  }

  /** A new sign-in e-mail (the alias), taken as verified: an administrator vouches for it. */
  async changeEmail(db: Db, account: Account, email: string) {
    const normalized = normalizeUsername(email);
    const other = await this.find(normalized, db);
    if (other && other.id !== account.id) throw usernameExists('An account with the given email already exists.');
    await db
      .update(identityAccounts)
      .set({ email: normalized, emailVerified: true, attributes: { ...account.attributes, email: normalized } })
      .where(eq(identityAccounts.id, account.id));
  }

  async delete(db: Db, account: Account) {
    await db.delete(identityAccounts).where(eq(identityAccounts.id, account.id));
  }

  /**
   * Counts a wrong password in one statement (parallel guesses cannot skip the count): the fifth
   * in a row locks for 2^(n−5) s, up to 15 minutes, as Cognito does. A locked account's count
   * stands still, and an unknown user (id 0) runs the same statement. Every refusal also takes a
   * transaction id, so its commit is flushed to the log like a write: an UPDATE that matched no row
   * would commit without one, a millisecond or so sooner on a real disk, which told an attacker
   * that the account did not exist or was locked. Takes `db` so a test can look inside.
   */
  async recordFailure(accountId: number | undefined, db: Db = this.ctx.db) {
    const count = db
      .update(identityAccounts)
      .set({
        failedAttempts: sql`${identityAccounts.failedAttempts} + 1`,
        lockedUntil: sql`case when ${identityAccounts.failedAttempts} + 1 >= ${LOCKOUT_AFTER}
          then now() + make_interval(secs => least(power(2, ${identityAccounts.failedAttempts} + 1 - ${LOCKOUT_AFTER}), ${LOCKOUT_MAX_S}))
          else null end`,
      })
      .where(
        sql`${identityAccounts.id} = ${accountId ?? 0} and (${identityAccounts.lockedUntil} is null or ${identityAccounts.lockedUntil} <= now())`,
      );
    // A data-modifying WITH always runs to the end; the outer select's one row calls txid_current().
    // (Drizzle puts the embedded query in parentheses itself.)
    await db.execute(sql`with counted as ${count} select txid_current()`);
  }

  async clearFailures(account: Account) {
    if (account.failedAttempts === 0 && !account.lockedUntil) return;
    await this.ctx.db
      .update(identityAccounts)
      .set({ failedAttempts: 0, lockedUntil: null })
      .where(eq(identityAccounts.id, account.id));
  }
}
