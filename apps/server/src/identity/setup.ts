/**
 * Builds the identity service for the configured mode: the embedded pool (with its keys,
 * mailer and operations) or a real Cognito pool. The app sees `Identity` either way.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl, secretBytes } from '../config.ts';
import type { Database } from '../db/client.ts';
import { MIGRATION_LOCK_KEY } from '../db/migrate.ts';
import { Mailer } from '../mail/mailer.ts';
import { createRateLimiters, type RateLimiters } from '../rate-limit/create.ts';
import { EmbeddedIdentityAdmin, type IdentityAdmin } from './admin.ts';
import { CognitoIdentityAdmin, cognitoVerifier } from './cognito.ts';
import { type Operation, publicOperations } from './operations.ts';
import { DEFAULT_PASSWORD_POLICY } from './passwords.ts';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, CODE_REQUESTS_PER_HOUR, TOKEN_LIFETIME_S } from './pool-context.ts';
import { createSealedBox } from './sealed-box.ts';
import { SessionEvents, type SessionsRevokedListener } from './session-events.ts';
import { SigningKeys } from './signing-keys.ts';
import { UserPool } from './user-pool.ts';

export type VerifiedIdentity = { sub: string; claims: Record<string, unknown> };

export type Identity = {
  mode: 'embedded' | 'cognito';
  admin: IdentityAdmin;
  /**
   * Verifies a bearer token (id or access) and returns the account's sub. `whenSigned` hears the
   * sub as soon as the token's signature and claims hold, while the pool may still be checking
   * the sign-in (embedded mode): the caller's read of that person can start beside it.
   */
  verify: (token: string, whenSigned?: (sub: string) => void) => Promise<VerifiedIdentity>;
  /**
   * Called after sign-ins end (sign-out everywhere, one device's sign-out, a password reset or
   * change, an account switched off or deleted), so the app can close what they opened.
   */
  onSessionsRevoked: (listener: SessionsRevokedListener) => () => void;
  /** Only in embedded mode: what /api/identity and the JWKS routes serve. */
  embedded?: {
    pool: UserPool;
    keys: SigningKeys;
    operations: Record<string, Operation>;
    jwks: () => { keys: unknown[] };
    mailer: Mailer;
  };
};

/** Where the identity secret lives when IDENTITY_SECRET is unset (backups carry this file). */
export const IDENTITY_SECRET_FILE = 'identity-secret';

/** The identity secret from IDENTITY_SECRET, or a key file created once in DATA_DIR. */
export function identitySecret(config: Config, log: FastifyBaseLogger): Buffer {
  if (config.IDENTITY_SECRET) return secretBytes(config.IDENTITY_SECRET);
  const file = join(config.DATA_DIR, IDENTITY_SECRET_FILE);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (config.DATABASE_URL) {
    log.warn('IDENTITY_SECRET is not set: using a key file in DATA_DIR. Several nodes need the same IDENTITY_SECRET.');
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function identityIssuer(config: Config) {
  return config.IDENTITY_ISSUER ?? `${publicUrl(config, config.PORT)}/${config.USER_POOL_ID}`;
}

/**
 * `rateLimits`: the app's limiters (Redis-backed with REDIS_URL, so per-account limits hold on
 * every node); without them (seeding from the command line) counters live in memory.
 */
export async function createIdentity(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  rateLimits: RateLimiters = createRateLimiters(undefined, log, ''),
): Promise<Identity> {
  const events = new SessionEvents(log);
  const onSessionsRevoked = (listener: SessionsRevokedListener) => events.on(listener);
  if (config.IDENTITY_MODE === 'cognito') {
    const options = {
      region: config.COGNITO_REGION ?? '',
      userPoolId: config.USER_POOL_ID,
      clientId: config.USER_POOL_CLIENT_ID,
      endpoint: config.COGNITO_ENDPOINT,
    };
    return {
      mode: 'cognito',
      admin: await CognitoIdentityAdmin.open(options, events),
      verify: cognitoVerifier(options),
      onSessionsRevoked,
    };
  }
  const secret = identitySecret(config, log);
  const box = createSealedBox(secret);
  const keys = new SigningKeys(database.db, box, TOKEN_LIFETIME_S * 1000);
  // Under the start-up lock: two nodes starting together must not each create a first key.
  await database.withLock(MIGRATION_LOCK_KEY, () => keys.load());
  const mailer = new Mailer(database.db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const limits = {
    codeRequests: rateLimits.create('identity-code-requests', CODE_REQUESTS_PER_HOUR, 3600_000),
    codeChecks: rateLimits.create('identity-code-checks', CODE_MAX_ATTEMPTS, CODE_LIFETIME_MS),
  };
  const pool = new UserPool(
    { db: database.db, box, keys, mailer, secret, limits, events },
    {
      poolId: config.USER_POOL_ID,
      clientId: config.USER_POOL_CLIENT_ID,
      issuer: identityIssuer(config),
      passwordPolicy: {
        ...DEFAULT_PASSWORD_POLICY,
        minLength: config.PASSWORD_MIN_LENGTH,
        requireSymbols: config.PASSWORD_REQUIRE_SYMBOLS,
      },
      allowSignUp: config.ALLOW_SELF_SIGN_UP,
      appUrl: publicUrl(config, config.PORT),
    },
  );
  return {
    mode: 'embedded',
    admin: new EmbeddedIdentityAdmin(database.db, pool, mailer),
    verify: async (token, whenSigned) => {
      const { sub, claims } = await pool.tokens.verify(token, undefined, whenSigned);
      return { sub, claims };
    },
    onSessionsRevoked,
    embedded: { pool, keys, operations: publicOperations(pool), jwks: () => keys.jwks(), mailer },
  };
}
