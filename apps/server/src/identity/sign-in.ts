/**
 * Sign-in: USER_PASSWORD_AUTH, USER_SRP_AUTH (PASSWORD_VERIFIER) and NEW_PASSWORD_REQUIRED.
 * Like Cognito with PreventUserExistenceErrors, and stricter: an unknown user, a wrong password,
 * a disabled account and a locked one all get 'Incorrect username or password.' after the same
 * work (an argon2 check, a proof computed, one UPDATE). An unknown user gets a believable SRP
 * challenge whose salt and id derive from the username and the server secret, so they repeat
 * between attempts as a real account's do. Only the right password learns more ("User is
 * disabled.", a new-password challenge), and a lockout hides even that.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inTransaction } from '../db/transaction.ts';
import { type Account, type Accounts, isLocked } from './accounts.ts';
import type { Challenges } from './challenges.ts';
import {
  invalidParameter,
  notAuthorized,
  passwordResetRequired,
  userNotConfirmed,
  WRONG_CREDENTIALS,
} from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { asUuid, normalizeUsername, type PoolContext, usernameDigest } from './pool-context.ts';
import type { Sessions } from './sessions.ts';
import { claimSignature, isValidA, N, parseSrpTimestamp, serverChallenge, sessionKey } from './srp.ts';
import type { AuthenticationResult } from './tokens.ts';

export type AuthResponse =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }
  | { ChallengeName: string; Session?: string; ChallengeParameters: Record<string, string> };

type SrpState = { A: string; B: string; b: string; userId: string };

const SRP_TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class SignIn {
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly ctx: PoolContext,
    private readonly accounts: Accounts,
    private readonly challenges: Challenges,
    private readonly sessions: Sessions,
  ) {}

  /** An argon2 hash no password matches: checking against it costs what a real check costs. */
  private decoy() {
    this.decoyHash ??= hashPassword(randomBytes(24).toString('base64'));
    return this.decoyHash;
  }

  /** An unknown user's SRP id and salt: stable per username, shaped like a real account's. */
  private srpDecoy(username: string) {
    const name = normalizeUsername(username);
    return {
      userId: UUID.test(name) ? name : asUuid(usernameDigest(this.ctx.secret, 'srp-user', name)),
      salt: usernameDigest(this.ctx.secret, 'srp-salt', name).subarray(0, 16).toString('hex'),
    };
  }

  /** A verifier no password produces, for the stand-in `userId` (derived again at step 2). */
  private decoyVerifier(userId: string) {
    const blocks = Array.from({ length: 12 }, (_, i) =>
      createHmac('sha256', this.ctx.secret).update(`srp-verifier:${i}:${userId}`).digest(),
    );
    return (BigInt(`0x${Buffer.concat(blocks).toString('hex')}`) % N).toString(16);
  }

  async passwordAuth(username: string, password: string, clientId: string): Promise<AuthResponse> {
    const account = await this.accounts.find(username);
    const passwordOk = await verifyPassword(account?.passwordHash ?? (await this.decoy()), password);
    return this.decide(account, passwordOk, clientId);
  }

  /** SRP step 1: B, salt and a secret block that names the stored challenge state. */
  async srpStart(username: string, srpA: string): Promise<AuthResponse> {
    if (!/^[0-9a-fA-F]{1,1024}$/.test(srpA)) throw invalidParameter('SRP_A is not a hex number');
    const A = BigInt(`0x${srpA}`);
    if (!isValidA(A)) throw notAuthorized(WRONG_CREDENTIALS);
    const account = await this.accounts.find(username);
    const { userId, salt } = account ? { userId: account.sub, salt: account.srpSalt } : this.srpDecoy(username);
    const verifier = account ? this.ctx.box.open(account.srpVerifier) : this.decoyVerifier(userId);
    const { b, B } = serverChallenge(verifier);
    const state: SrpState = { A: A.toString(16), B: B.toString(16), b: b.toString(16), userId };
    const secretBlock = await this.challenges.create('PASSWORD_VERIFIER', account?.id ?? null, state);
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: salt,
        SRP_B: B.toString(16),
        SECRET_BLOCK: secretBlock,
        USER_ID_FOR_SRP: userId,
        USERNAME: userId,
      },
    };
  }

  /** SRP step 2: checks the client's proof of the password. */
  async srpVerify(responses: Record<string, string>, clientId: string): Promise<AuthResponse> {
    const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
    const signature = responses.PASSWORD_CLAIM_SIGNATURE ?? '';
    const timestamp = responses.TIMESTAMP ?? '';
    const { accountId, state } = await this.challenges.consume<SrpState>(secretBlock, 'PASSWORD_VERIFIER');
    const account = await this.accounts.findById(accountId ?? 0);
    const when = parseSrpTimestamp(timestamp);
    if (!when || Math.abs(when.getTime() - Date.now()) > SRP_TIMESTAMP_WINDOW_MS) {
      throw notAuthorized('The request timestamp is invalid.');
    }
    const verifier = account ? this.ctx.box.open(account.srpVerifier) : this.decoyVerifier(state.userId);
    const key = sessionKey(BigInt(`0x${state.A}`), BigInt(`0x${state.B}`), BigInt(`0x${state.b}`), verifier);
    const expected = key ? claimSignature(key, this.ctx.poolName, state.userId, secretBlock, timestamp) : null;
    const given = Buffer.from(signature, 'base64');
    const proofOk = expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
    return this.decide(account, proofOk, clientId);
  }

  /**
   * After the password check, the one place that answers. Everything an attacker could probe
   * without the password leaves here as the same error, after the same UPDATE.
   */
  private async decide(account: Account | undefined, passwordOk: boolean, clientId: string): Promise<AuthResponse> {
    if (!account || !passwordOk || isLocked(account)) {
      await this.accounts.recordFailure(account?.id);
      throw notAuthorized(WRONG_CREDENTIALS);
    }
    if (!account.enabled) throw notAuthorized('User is disabled.');
    await this.accounts.clearFailures(account);
    if (account.status === 'UNCONFIRMED') throw userNotConfirmed('User is not confirmed.');
    if (account.status === 'RESET_REQUIRED') throw passwordResetRequired('Password reset required for the user');
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      const session = await this.challenges.create('NEW_PASSWORD_REQUIRED', account.id, {});
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeParameters: {
          USER_ID_FOR_SRP: account.sub,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: account.email, ...account.attributes }),
        },
      };
    }
    return { AuthenticationResult: await this.sessions.start(account, clientId), ChallengeParameters: {} };
  }

  /**
   * An invited user's own password: challenge used, password set, e-mail verified (the invite
   * reached it) and the first session started, all in one transaction; a refused password
   * leaves the challenge usable for another try.
   */
  async completeNewPassword(session: string, newPassword: string, clientId: string): Promise<AuthResponse> {
    return inTransaction(this.ctx.db, async (tx) => {
      const { accountId } = await this.challenges.consume(session, 'NEW_PASSWORD_REQUIRED', tx);
      const account = await this.accounts.findById(accountId ?? 0, tx);
      if (!account) throw notAuthorized('Invalid session for the user.');
      if (!account.enabled) throw notAuthorized('User is disabled.');
      await this.accounts.setPassword(tx, account, newPassword, 'CONFIRMED', { emailVerified: true });
      const confirmed = { ...account, status: 'CONFIRMED' as const, emailVerified: true };
      return { AuthenticationResult: await this.sessions.start(confirmed, clientId, tx), ChallengeParameters: {} };
    });
  }
}
