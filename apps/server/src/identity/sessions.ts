/**
 * Sign-in sessions and refresh tokens. A session is one sign-in (the tokens' `origin_jti`);
 * revoking it refuses every token it issued at once. Revocations that are part of a larger
 * change run in its transaction and announce themselves (SessionEvents) only after the commit.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityAccounts, identityRefreshTokens, identitySessions } from '../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../db/transaction.ts';
import type { Account } from './accounts.ts';
import { notAuthorized } from './errors.ts';
import { type PoolContext, REFRESH_LIFETIME_MS } from './pool-context.ts';
import type { AuthenticationResult, Tokens } from './tokens.ts';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export class Sessions {
  constructor(
    private readonly ctx: PoolContext,
    private readonly tokens: Tokens,
  ) {}

  async start(account: Account, clientId: string, db: Db = this.ctx.db): Promise<AuthenticationResult> {
    const sessionId = randomUUID();
    const authTime = new Date();
    await db.insert(identitySessions).values({ id: sessionId, accountId: account.id, clientId, authTime });
    const refreshToken = await this.issueRefreshToken(sessionId, db);
    return { ...(await this.tokens.issue(account, sessionId, authTime)), RefreshToken: refreshToken };
  }

  private async issueRefreshToken(sessionId: string, db: Db): Promise<string> {
    const token = randomBytes(64).toString('base64url');
    await db.insert(identityRefreshTokens).values({
      tokenHash: sha256Hex(token),
      sessionId,
      expiresAt: new Date(Date.now() + REFRESH_LIFETIME_MS),
    });
    return token;
  }

  /** New id and access tokens for a refresh token; `rotate` also replaces the refresh token. */
  async refresh(refreshToken: string, clientId: string, rotate: boolean): Promise<AuthenticationResult> {
    const [row] = await this.ctx.db
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
    const tokens = await this.tokens.issue(row.account, row.session.id, row.session.authTime);
    if (!rotate) return tokens;
    return inTransaction(this.ctx.db, async (tx) => {
      const [revoked] = await tx
        .update(identityRefreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(identityRefreshTokens.tokenHash, row.token.tokenHash), isNull(identityRefreshTokens.revokedAt)))
        .returning({ tokenHash: identityRefreshTokens.tokenHash });
      if (!revoked) throw notAuthorized('Invalid Refresh Token'); // lost a race with another refresh
      return { ...tokens, RefreshToken: await this.issueRefreshToken(row.session.id, tx) };
    });
  }

  /** RevokeToken: ends the sign-in the refresh token belongs to, with all its tokens. */
  async revokeByRefreshToken(refreshToken: string, clientId: string) {
    const [row] = await this.ctx.db
      .select({
        sessionId: identityRefreshTokens.sessionId,
        clientId: identitySessions.clientId,
        sub: identityAccounts.sub,
      })
      .from(identityRefreshTokens)
      .innerJoin(identitySessions, eq(identitySessions.id, identityRefreshTokens.sessionId))
      .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
      .where(eq(identityRefreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row) return;
    if (row.clientId !== clientId) throw notAuthorized('Invalid Refresh Token');
    if (await this.revoke(this.ctx.db, eq(identitySessions.id, row.sessionId))) {
      await this.ctx.events.emit({ sub: row.sub, sessionId: row.sessionId });
    }
  }

  /**
   * Ends every sign-in of the account (GlobalSignOut, disable, password reset), or all but
   * `exceptSessionId` (a password change keeps the device it came from). Announced after commit.
   */
  async revokeAll(db: Db, afterCommit: AfterCommit, account: Account, exceptSessionId?: string) {
    const which = eq(identitySessions.accountId, account.id);
    await this.revoke(db, exceptSessionId ? and(which, ne(identitySessions.id, exceptSessionId)) : which);
    // Announced even when no row changed: a socket may hold a token of a session revoked moments ago.
    afterCommit(() => this.ctx.events.emit({ sub: account.sub, ...(exceptSessionId ? { exceptSessionId } : {}) }));
  }

  private async revoke(db: Db, where: SQL | undefined) {
    const revoked = await db
      .update(identitySessions)
      .set({ revokedAt: new Date() })
      .where(and(where, isNull(identitySessions.revokedAt)))
      .returning({ id: identitySessions.id });
    return revoked.length > 0;
  }
}
