/**
 * The pool's JWTs: issuing Cognito-shaped id and access tokens (RS256, IDENTITY-NOTES §3) and
 * verifying them, including that their sign-in (`origin_jti`) is still live.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { preparedStatement } from '../db/prepared.ts';
import { identityAccounts, identitySessions } from '../db/schema/index.ts';
import type { Account } from './accounts.ts';
import { IdentityError, notAuthorized } from './errors.ts';
import { type PoolContext, TOKEN_LIFETIME_S } from './pool-context.ts';

export type AuthenticationResult = {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
};

export type VerifiedToken = { claims: JWTPayload & Record<string, unknown>; sub: string; tokenUse: 'id' | 'access' };

const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/** A token's sign-in: revoked? the account enabled? Read on every verification. */
const signInById = preparedStatement((db) =>
  db
    .select({ revokedAt: identitySessions.revokedAt, enabled: identityAccounts.enabled, sub: identityAccounts.sub })
    .from(identitySessions)
    .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
    .where(eq(identitySessions.id, sql.placeholder('id')))
    .prepare('identity_sign_in_by_id'),
);

export class Tokens {
  constructor(private readonly ctx: PoolContext) {}

  async issue(account: Account, sessionId: string, authTime: Date): Promise<AuthenticationResult> {
    const key = this.ctx.keys.current();
    if (!key) throw new IdentityError('InternalErrorException', 'No signing key');
    const now = Math.floor(Date.now() / 1000);
    const common = {
      sub: account.sub,
      iss: this.ctx.options.issuer,
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
        // First: a stored attribute never stands in for a claim the pool sets.
        ...account.attributes,
        ...common,
        jti: randomUUID(),
        aud: this.ctx.options.clientId,
        token_use: 'id',
        'cognito:username': account.sub,
        email: account.email,
        email_verified: account.emailVerified,
      }),
      sign({
        ...common,
        jti: randomUUID(),
        client_id: this.ctx.options.clientId,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        username: account.sub,
      }),
    ]);
    return { AccessToken, IdToken, ExpiresIn: TOKEN_LIFETIME_S, TokenType: 'Bearer' };
  }

  /**
   * Verifies a token this pool issued: RS256 signature by a known key, issuer, audience or
   * client, expiry, token use, and that its sign-in has not been revoked nor the user disabled.
   * `whenSigned` hears the sub once the signature and claims hold, before the sign-in is read, so
   * a caller's own read for that sub can go beside it (one round trip instead of two).
   */
  async verify(
    token: string,
    expectedUse?: 'id' | 'access',
    whenSigned?: (sub: string) => void,
  ): Promise<VerifiedToken> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') throw new Error('alg');
      kid = header.kid;
    } catch {
      throw notAuthorized('Invalid token');
    }
    let key = kid ? this.ctx.keys.find(kid) : undefined;
    if (!key && kid) {
      await this.ctx.keys.refresh(); // another node may have rotated
      key = this.ctx.keys.find(kid);
    }
    if (!key) throw notAuthorized('Invalid token');
    let claims: JWTPayload & Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, key.publicKey, {
        algorithms: ['RS256'],
        issuer: this.ctx.options.issuer,
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
    if (audience !== this.ctx.options.clientId) throw notAuthorized('Invalid token');
    const sessionId = typeof claims.origin_jti === 'string' ? claims.origin_jti : NO_SESSION;
    if (typeof claims.sub === 'string') whenSigned?.(claims.sub);
    const [row] = await signInById(this.ctx.db).execute({
      id: /^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : NO_SESSION,
    });
    if (!row || row.sub !== claims.sub) throw notAuthorized('Invalid token');
    if (row.revokedAt) throw notAuthorized('Access Token has been revoked');
    if (!row.enabled) throw notAuthorized('User is disabled.');
    return { claims, sub: row.sub, tokenUse };
  }
}
