/**
 * The embedded user pool: accounts, SRP and password sign-in, challenges, codes, sessions and
 * tokens, with Cognito's semantics (IDENTITY-NOTES). `operations.ts` maps the wire protocol onto
 * these methods; the app's own code uses the admin methods in-process.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import {
  identityAccounts,
  identityChallenges,
  identityCodes,
  identityRefreshTokens,
  identitySessions,
} from '../db/schema/index.ts';
import {
  codeMismatch,
  expiredCode,
  IdentityError,
  invalidParameter,
  limitExceeded,
  notAuthorized,
  passwordResetRequired,
  resourceNotFound,
  userNotConfirmed,
  userNotFound,
  usernameExists,
  WRONG_CREDENTIALS,
} from './errors.ts';
import { type Mailer, maskEmail } from './mailer.ts';
import { checkPasswordPolicy, hashPassword, type PasswordPolicy, verifyPassword } from './passwords.ts';
import type { SealedBox } from './sealed-box.ts';
import type { SigningKeys } from './signing-keys.ts';
import { claimSignature, createVerifier, isValidA, parseSrpTimestamp, serverChallenge, sessionKey } from './srp.ts';

export type Account = typeof identityAccounts.$inferSelect;
type AccountStatus = Account['status'];

export const TOKEN_LIFETIME_S = 3600;
export const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;
export const CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;
export const CODE_LIFETIME_MS = 3600 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MAX_S = 15 * 60;
const SRP_TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

export type UserPoolOptions = {
  poolId: string;
  clientId: string;
  issuer: string;
  passwordPolicy: PasswordPolicy;
  allowSignUp: boolean;
  appUrl: string;
};

export type AuthenticationResult = {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
};

export type AuthResponse =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }
  | { ChallengeName: string; Session?: string; ChallengeParameters: Record<string, string> };

export type VerifiedToken = { claims: JWTPayload & Record<string, unknown>; sub: string; tokenUse: 'id' | 'access' };

const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export class UserPool {
  readonly poolName: string;

  constructor(
    private readonly db: Db,
    private readonly box: SealedBox,
    private readonly keys: SigningKeys,
    private readonly mailer: Mailer,
    private readonly secret: Buffer,
    readonly options: UserPoolOptions,
  ) {
    this.poolName = options.poolId.split('_')[1] ?? options.poolId;
  }

  // ---------------------------------------------------------------- accounts

  async findAccount(username: string): Promise<Account | undefined> {
    const value = username.trim();
    if (value === '') return undefined;
    const [account] = await this.db
      .select()
      .from(identityAccounts)
      .where(isUuid(value) ? eq(identityAccounts.sub, value) : eq(identityAccounts.email, value.toLowerCase()))
      .limit(1);
    return account;
  }

  private async requireAccount(username: string): Promise<Account> {
    const account = await this.findAccount(username);
    if (!account) throw userNotFound('User does not exist.');
    return account;
  }

  /** Salt, sealed verifier and argon2 hash for a password (the hash may be shared in bulk). */
  private async credentials(sub: string, password: string, passwordHash?: string) {
    const { salt, verifier } = createVerifier(this.poolName, sub, password);
    return {
      srpSalt: salt,
      srpVerifier: this.box.seal(verifier),
      passwordHash: passwordHash ?? (await hashPassword(password)),
    };
  }

  async createAccount(input: {
    email: string;
    password: string;
    status: AccountStatus;
    emailVerified: boolean;
    attributes?: Record<string, string>;
    passwordHash?: string;
  }): Promise<Account> {
    const email = input.email.trim().toLowerCase();
    if (await this.findAccount(email)) throw usernameExists('An account with the given email already exists.');
    const sub = randomUUID();
    const [account] = await this.db
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

  async setPassword(account: Account, password: string, status: AccountStatus = 'CONFIRMED') {
    checkPasswordPolicy(password, this.options.passwordPolicy);
    await this.db
      .update(identityAccounts)
      .set({ ...(await this.credentials(account.sub, password)), status, failedAttempts: 0, lockedUntil: null })
      .where(eq(identityAccounts.id, account.id));
  }

  // ---------------------------------------------------------------- sign-in

  private checkUsable(account: Account) {
    if (!account.enabled) throw notAuthorized('User is disabled.');
    if (account.lockedUntil && account.lockedUntil > new Date()) throw notAuthorized('Password attempts exceeded');
  }

  private async recordFailure(account: Account): Promise<never> {
    // Lock for 2^(n−5) s after the fifth failure in a row, up to 15 minutes, as Cognito does.
    await this.db
      .update(identityAccounts)
      .set({
        failedAttempts: sql`${identityAccounts.failedAttempts} + 1`,
        lockedUntil: sql`case when ${identityAccounts.failedAttempts} + 1 >= ${LOCKOUT_AFTER}
          then now() + make_interval(secs => least(power(2, ${identityAccounts.failedAttempts} + 1 - ${LOCKOUT_AFTER}), ${LOCKOUT_MAX_S}))
          else null end`,
      })
      .where(eq(identityAccounts.id, account.id));
    throw notAuthorized(WRONG_CREDENTIALS);
  }

  /** After a correct password: the account's state decides between tokens and a challenge. */
  private async afterPassword(account: Account, clientId: string): Promise<AuthResponse> {
    if (account.failedAttempts > 0 || account.lockedUntil) {
      await this.db
        .update(identityAccounts)
        .set({ failedAttempts: 0, lockedUntil: null })
        .where(eq(identityAccounts.id, account.id));
    }
    if (account.status === 'UNCONFIRMED') throw userNotConfirmed('User is not confirmed.');
    if (account.status === 'RESET_REQUIRED') throw passwordResetRequired('Password reset required for the user');
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      const session = await this.createChallenge('NEW_PASSWORD_REQUIRED', account.id, {});
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
    return { AuthenticationResult: await this.startSession(account, clientId), ChallengeParameters: {} };
  }

  checkClient(clientId: unknown) {
    if (clientId !== this.options.clientId)
      throw resourceNotFound(`User pool client ${String(clientId)} does not exist.`);
  }

  async passwordAuth(username: string, password: string, clientId: string): Promise<AuthResponse> {
    const account = await this.findAccount(username);
    if (!account) {
      await hashPassword(password); // spend the same time as a real check: no user enumeration by timing
      throw notAuthorized(WRONG_CREDENTIALS);
    }
    this.checkUsable(account);
    if (!(await verifyPassword(account.passwordHash, password))) return this.recordFailure(account);
    return this.afterPassword(account, clientId);
  }

  /** SRP step 1: B, salt and a secret block that names the stored challenge state. */
  async srpStart(username: string, srpA: string): Promise<AuthResponse> {
    if (!/^[0-9a-fA-F]{1,1024}$/.test(srpA)) throw invalidParameter('SRP_A is not a hex number');
    const A = BigInt(`0x${srpA}`);
    if (!isValidA(A)) throw notAuthorized(WRONG_CREDENTIALS);
    const account = await this.findAccount(username);
    if (account) this.checkUsable(account);
    // An unknown user gets a believable challenge that can never verify (no user enumeration).
    const userId = account?.sub ?? randomUUID();
    const salt =
      account?.srpSalt ?? createHmac('sha256', this.secret).update(username.toLowerCase()).digest('hex').slice(0, 32);
    const verifier = account ? this.box.open(account.srpVerifier) : randomBytes(384).toString('hex');
    const { b, B } = serverChallenge(verifier);
    const secretBlock = await this.createChallenge('PASSWORD_VERIFIER', account?.id ?? null, {
      A: A.toString(16),
      B: B.toString(16),
      b: b.toString(16),
      userId,
    });
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

  /** SRP step 2: check the client's proof of the password. */
  async srpVerify(responses: Record<string, string>, clientId: string): Promise<AuthResponse> {
    const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK ?? '';
    const signature = responses.PASSWORD_CLAIM_SIGNATURE ?? '';
    const timestamp = responses.TIMESTAMP ?? '';
    const challenge = await this.consumeChallenge(secretBlock, 'PASSWORD_VERIFIER');
    const state = challenge.state as { A: string; B: string; b: string; userId: string };
    const account = challenge.accountId
      ? (await this.db.select().from(identityAccounts).where(eq(identityAccounts.id, challenge.accountId)))[0]
      : undefined;
    if (!account) throw notAuthorized(WRONG_CREDENTIALS);
    this.checkUsable(account);
    const when = parseSrpTimestamp(timestamp);
    if (!when || Math.abs(when.getTime() - Date.now()) > SRP_TIMESTAMP_WINDOW_MS) {
      throw notAuthorized('The request timestamp is invalid.');
    }
    const key = sessionKey(
      BigInt(`0x${state.A}`),
      BigInt(`0x${state.B}`),
      BigInt(`0x${state.b}`),
      this.box.open(account.srpVerifier),
    );
    const expected = key ? claimSignature(key, this.poolName, state.userId, secretBlock, timestamp) : null;
    const given = Buffer.from(signature, 'base64');
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected))
      return this.recordFailure(account);
    return this.afterPassword(account, clientId);
  }

  async completeNewPassword(session: string, newPassword: string, clientId: string): Promise<AuthResponse> {
    const challenge = await this.peekChallenge(session, 'NEW_PASSWORD_REQUIRED');
    checkPasswordPolicy(newPassword, this.options.passwordPolicy);
    await this.consumeChallenge(session, 'NEW_PASSWORD_REQUIRED');
    const account = (
      await this.db
        .select()
        .from(identityAccounts)
        .where(eq(identityAccounts.id, challenge.accountId ?? -1))
    )[0];
    if (!account) throw notAuthorized('Invalid session for the user.');
    this.checkUsable(account);
    await this.setPassword(account, newPassword, 'CONFIRMED');
    await this.db.update(identityAccounts).set({ emailVerified: true }).where(eq(identityAccounts.id, account.id));
    return { AuthenticationResult: await this.startSession(account, clientId), ChallengeParameters: {} };
  }

  // ---------------------------------------------------------------- challenges

  private async createChallenge(name: string, accountId: number | null, state: object): Promise<string> {
    const id = randomBytes(48).toString('base64');
    await this.db.insert(identityChallenges).values({
      idHash: sha256Hex(Buffer.from(id, 'base64')),
      accountId,
      name,
      state: this.box.seal(JSON.stringify(state)),
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    });
    return id;
  }

  private decodeChallengeId(id: string) {
    // Clients may send standard or URL-safe base64, padded or not.
    return sha256Hex(Buffer.from(id.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
  }

  private async peekChallenge(id: string, name: string) {
    const [row] = await this.db
      .select()
      .from(identityChallenges)
      .where(
        and(
          eq(identityChallenges.idHash, this.decodeChallengeId(id)),
          eq(identityChallenges.name, name),
          isNull(identityChallenges.usedAt),
          gt(identityChallenges.expiresAt, new Date()),
        ),
      );
    if (!row) throw notAuthorized('Invalid session for the user, session is expired.');
    return row;
  }

  /** Marks a challenge used; a second use, or one after 3 minutes, is refused. */
  private async consumeChallenge(id: string, name: string) {
    const [row] = await this.db
      .update(identityChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(identityChallenges.idHash, this.decodeChallengeId(id)),
          eq(identityChallenges.name, name),
          isNull(identityChallenges.usedAt),
          gt(identityChallenges.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw notAuthorized('Invalid session for the user, session is expired.');
    return { ...row, state: JSON.parse(this.box.open(row.state)) as unknown };
  }

  // ---------------------------------------------------------------- sessions and tokens

  private async startSession(account: Account, clientId: string): Promise<AuthenticationResult> {
    const sessionId = randomUUID();
    const authTime = new Date();
    await this.db.insert(identitySessions).values({ id: sessionId, accountId: account.id, clientId, authTime });
    const refreshToken = await this.issueRefreshToken(sessionId);
    return { ...(await this.issueTokens(account, sessionId, authTime)), RefreshToken: refreshToken };
  }

  private async issueRefreshToken(sessionId: string): Promise<string> {
    const token = randomBytes(64).toString('base64url');
    await this.db.insert(identityRefreshTokens).values({
      tokenHash: sha256Hex(token),
      sessionId,
      expiresAt: new Date(Date.now() + REFRESH_LIFETIME_MS),
    });
    return token;
  }

  private async issueTokens(account: Account, sessionId: string, authTime: Date): Promise<AuthenticationResult> {
    const key = this.keys.current();
    if (!key) throw new IdentityError('InternalErrorException', 'No signing key');
    const now = Math.floor(Date.now() / 1000);
    const common = {
      sub: account.sub,
      iss: this.options.issuer,
      origin_jti: sessionId,
      event_id: randomUUID(),
      auth_time: Math.floor(authTime.getTime() / 1000),
      iat: now,
      exp: now + TOKEN_LIFETIME_S,
    };
    const sign = (payload: JWTPayload) =>
      new SignJWT(payload).setProtectedHeader({ kid: key.kid, alg: 'RS256' }).sign(key.privateKey);
    const [IdToken, AccessToken] = await Promise.all([
      sign({
        ...common,
        jti: randomUUID(),
        aud: this.options.clientId,
        token_use: 'id',
        'cognito:username': account.sub,
        email: account.email,
        email_verified: account.emailVerified,
        ...account.attributes,
      }),
      sign({
        ...common,
        jti: randomUUID(),
        client_id: this.options.clientId,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        username: account.sub,
      }),
    ]);
    return { AccessToken, IdToken, ExpiresIn: TOKEN_LIFETIME_S, TokenType: 'Bearer' };
  }

  /** New id and access tokens for a refresh token; `rotate` also replaces the refresh token. */
  async refresh(refreshToken: string, clientId: string, rotate: boolean): Promise<AuthenticationResult> {
    const [row] = await this.db
      .select({ token: identityRefreshTokens, session: identitySessions, account: identityAccounts })
      .from(identityRefreshTokens)
      .innerJoin(identitySessions, eq(identitySessions.id, identityRefreshTokens.sessionId))
      .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
      .where(eq(identityRefreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row || row.token.revokedAt || row.session.revokedAt || row.token.expiresAt <= new Date()) {
      throw notAuthorized('Invalid Refresh Token');
    }
    if (row.session.clientId !== clientId) throw notAuthorized('Invalid Refresh Token');
    if (!row.account.enabled) throw notAuthorized('User is disabled.');
    const tokens = await this.issueTokens(row.account, row.session.id, row.session.authTime);
    if (!rotate) return tokens;
    const [revoked] = await this.db
      .update(identityRefreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(identityRefreshTokens.tokenHash, row.token.tokenHash), isNull(identityRefreshTokens.revokedAt)))
      .returning({ tokenHash: identityRefreshTokens.tokenHash });
    if (!revoked) throw notAuthorized('Invalid Refresh Token'); // lost a race with another refresh
    return { ...tokens, RefreshToken: await this.issueRefreshToken(row.session.id) };
  }

  /** RevokeToken: ends the sign-in the refresh token belongs to, with all its tokens. */
  async revokeRefreshToken(refreshToken: string, clientId: string) {
    const [row] = await this.db
      .select({ sessionId: identityRefreshTokens.sessionId, clientId: identitySessions.clientId })
      .from(identityRefreshTokens)
      .innerJoin(identitySessions, eq(identitySessions.id, identityRefreshTokens.sessionId))
      .where(eq(identityRefreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row) return;
    if (row.clientId !== clientId) throw notAuthorized('Invalid Refresh Token');
    await this.revokeSessions(eq(identitySessions.id, row.sessionId));
  }

  private async revokeSessions(where: ReturnType<typeof eq>) {
    await this.db
      .update(identitySessions)
      .set({ revokedAt: new Date() })
      .where(and(where, isNull(identitySessions.revokedAt)));
  }

  /** GlobalSignOut, disable and password resets end every sign-in of the account. */
  async revokeAllSessions(accountId: number) {
    await this.revokeSessions(eq(identitySessions.accountId, accountId));
  }

  /**
   * Verifies a token this pool issued: RS256 signature by a known key, issuer, audience or
   * client, expiry, token use, and that its sign-in has not been revoked nor the user disabled.
   */
  async verifyToken(token: string, expectedUse?: 'id' | 'access'): Promise<VerifiedToken> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') throw new Error('alg');
      kid = header.kid;
    } catch {
      throw notAuthorized('Invalid token');
    }
    let key = kid ? this.keys.find(kid) : undefined;
    if (!key && kid) {
      await this.keys.refresh(); // another node may have rotated
      key = this.keys.find(kid);
    }
    if (!key) throw notAuthorized('Invalid token');
    let claims: JWTPayload & Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, key.publicKey, {
        algorithms: ['RS256'],
        issuer: this.options.issuer,
      }));
    } catch (error) {
      throw notAuthorized(
        (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'Access Token has expired' : 'Invalid token',
      );
    }
    const tokenUse = claims.token_use;
    if (tokenUse !== 'id' && tokenUse !== 'access') throw notAuthorized('Invalid token');
    if (expectedUse && tokenUse !== expectedUse) throw notAuthorized(`Invalid token: expected an ${expectedUse} token`);
    const audience = tokenUse === 'id' ? claims.aud : claims.client_id;
    if (audience !== this.options.clientId) throw notAuthorized('Invalid token');
    const [row] = await this.db
      .select({ revokedAt: identitySessions.revokedAt, enabled: identityAccounts.enabled, sub: identityAccounts.sub })
      .from(identitySessions)
      .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
      .where(eq(identitySessions.id, String(claims.origin_jti ?? '00000000-0000-0000-0000-000000000000')));
    if (!row || row.sub !== claims.sub) throw notAuthorized('Invalid token');
    if (row.revokedAt) throw notAuthorized('Access Token has been revoked');
    if (!row.enabled) throw notAuthorized('User is disabled.');
    return { claims, sub: row.sub, tokenUse };
  }

  // ---------------------------------------------------------------- codes

  private codeHash(accountId: number, code: string) {
    return createHmac('sha256', this.secret).update(`${accountId}:${code}`).digest('hex');
  }

  async issueCode(account: Account, purpose: 'CONFIRM_SIGN_UP' | 'RESET_PASSWORD'): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (tx) => {
      // A new code replaces any earlier one of the same purpose.
      await tx
        .update(identityCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityCodes.accountId, account.id),
            eq(identityCodes.purpose, purpose),
            isNull(identityCodes.usedAt),
          ),
        );
      await tx.insert(identityCodes).values({
        accountId: account.id,
        purpose,
        codeHash: this.codeHash(account.id, code),
        expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
      });
    });
    return code;
  }

  async useCode(account: Account, purpose: 'CONFIRM_SIGN_UP' | 'RESET_PASSWORD', code: string) {
    const [row] = await this.db
      .select()
      .from(identityCodes)
      .where(and(eq(identityCodes.accountId, account.id), eq(identityCodes.purpose, purpose)))
      .orderBy(desc(identityCodes.id))
      .limit(1);
    if (!row || row.usedAt || row.expiresAt <= new Date()) {
      throw expiredCode('Invalid code provided, please request a code again.');
    }
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw limitExceeded('Attempt limit exceeded, please try after some time.');
    const given = Buffer.from(this.codeHash(account.id, code.trim()));
    if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
      await this.db
        .update(identityCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(identityCodes.id, row.id));
      throw codeMismatch('Invalid verification code provided, please try again.');
    }
    const [used] = await this.db
      .update(identityCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(identityCodes.id, row.id), isNull(identityCodes.usedAt)))
      .returning({ id: identityCodes.id });
    if (!used) throw expiredCode('Invalid code provided, please request a code again.');
  }

  codeDelivery(account: Account) {
    return { Destination: maskEmail(account.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  async sendCode(account: Account, purpose: 'CONFIRM_SIGN_UP' | 'RESET_PASSWORD') {
    const code = await this.issueCode(account, purpose);
    const signUp = purpose === 'CONFIRM_SIGN_UP';
    await this.mailer.send({
      kind: signUp ? 'confirm-sign-up' : 'reset-password',
      to: account.email,
      subject: signUp ? 'Your Fieldhouse confirmation code' : 'Your Fieldhouse password reset code',
      text: `${signUp ? 'Your confirmation code' : 'Your password reset code'} is ${code}. It expires in one hour.\n\n${this.options.appUrl}`,
    });
  }

  // ---------------------------------------------------------------- self-service

  async signUp(username: string, password: string, attributes: Record<string, string>) {
    if (!this.options.allowSignUp)
      throw new IdentityError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
    const email = (attributes.email ?? username).trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalidParameter('A valid email attribute is required.');
    checkPasswordPolicy(password, this.options.passwordPolicy);
    const { email: _email, ...rest } = attributes;
    const account = await this.createAccount({
      email,
      password,
      status: 'UNCONFIRMED',
      emailVerified: false,
      attributes: rest,
    });
    await this.sendCode(account, 'CONFIRM_SIGN_UP');
    return { UserConfirmed: false, UserSub: account.sub, CodeDeliveryDetails: this.codeDelivery(account) };
  }

  async confirmSignUp(username: string, code: string) {
    const account = await this.requireAccount(username);
    if (account.status !== 'UNCONFIRMED') throw notAuthorized('User cannot be confirmed. Current status is CONFIRMED');
    await this.useCode(account, 'CONFIRM_SIGN_UP', code);
    await this.db
      .update(identityAccounts)
      .set({ status: 'CONFIRMED', emailVerified: true })
      .where(eq(identityAccounts.id, account.id));
  }

  async resendConfirmationCode(username: string) {
    const account = await this.requireAccount(username);
    if (account.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
    await this.sendCode(account, 'CONFIRM_SIGN_UP');
    return this.codeDelivery(account);
  }

  async forgotPassword(username: string) {
    const account = await this.findAccount(username);
    // An unknown user gets the same answer, so the endpoint does not reveal who has an account.
    if (!account)
      return {
        Destination: maskEmail(username.includes('@') ? username : 'u@unknown'),
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      };
    if (!account.enabled) throw notAuthorized('User is disabled.');
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      throw notAuthorized('User password cannot be reset in the current state.');
    }
    await this.sendCode(account, 'RESET_PASSWORD');
    return this.codeDelivery(account);
  }

  async confirmForgotPassword(username: string, code: string, password: string) {
    const account = await this.requireAccount(username);
    checkPasswordPolicy(password, this.options.passwordPolicy);
    await this.useCode(account, 'RESET_PASSWORD', code);
    await this.setPassword(account, password, account.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED');
    await this.db.update(identityAccounts).set({ emailVerified: true }).where(eq(identityAccounts.id, account.id));
    await this.revokeAllSessions(account.id);
  }

  async changePassword(accessToken: string, previous: string, proposed: string) {
    const { sub } = await this.verifyToken(accessToken, 'access');
    const account = await this.requireAccount(sub);
    this.checkUsable(account);
    if (!(await verifyPassword(account.passwordHash, previous))) return this.recordFailure(account);
    await this.setPassword(account, proposed, 'CONFIRMED');
  }

  async getUser(accessToken: string) {
    const { sub } = await this.verifyToken(accessToken, 'access');
    const account = await this.requireAccount(sub);
    return {
      Username: account.sub,
      UserAttributes: [
        { Name: 'sub', Value: account.sub },
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: String(account.emailVerified) },
        ...Object.entries(account.attributes).map(([Name, Value]) => ({ Name, Value })),
      ],
      MFAOptions: [],
      UserMFASettingList: [],
    };
  }

  async globalSignOut(accessToken: string) {
    const { sub } = await this.verifyToken(accessToken, 'access');
    const account = await this.requireAccount(sub);
    await this.revokeAllSessions(account.id);
  }
}
