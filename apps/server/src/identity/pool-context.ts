/**
 * What every part of the embedded user pool shares: storage, secrets, options, limits and the
 * sessions-ended hook; and the pool's fixed lifetimes and limits.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { PasswordPolicy } from './passwords.ts';
import type { SealedBox } from './sealed-box.ts';
import type { SessionEvents } from './session-events.ts';
import type { SigningKeys } from './signing-keys.ts';

export const TOKEN_LIFETIME_S = 3600;
export const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;
export const CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;
export const CODE_LIFETIME_MS = 3600 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** Codes mailed per account (reset and confirmation each) per hour: bounds mail and guesses. */
export const CODE_REQUESTS_PER_HOUR = 5;
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MAX_S = 15 * 60;

export type UserPoolOptions = {
  poolId: string;
  clientId: string;
  issuer: string;
  passwordPolicy: PasswordPolicy;
  allowSignUp: boolean;
  appUrl: string;
};

/** Per-account limits, counted by username whether or not the account exists. */
export type PoolLimits = { codeRequests: RateLimiter; codeChecks: RateLimiter };

export type PoolContext = {
  db: Db;
  box: SealedBox;
  keys: SigningKeys;
  mailer: Mailer;
  /** The identity secret: code hashes, and the stand-ins for accounts that do not exist. */
  secret: Buffer;
  options: UserPoolOptions;
  /** The part of the pool id after `_`: it is in every SRP verifier. */
  poolName: string;
  limits: PoolLimits;
  events: SessionEvents;
};

/** How a username is compared: e-mails are case-insensitive, subs are lowercase uuids. */
export const normalizeUsername = (username: string) => username.trim().toLowerCase();

/**
 * A keyed digest of a username: limit counters are keyed by it (no e-mail addresses in Redis),
 * and an unknown user's SRP salt and id are derived from it, so they repeat like a real one's.
 */
export const usernameDigest = (secret: Buffer, purpose: string, username: string) =>
  createHmac('sha256', secret)
    .update(`${purpose}:${normalizeUsername(username)}`)
    .digest();

/** A uuid (v4 layout) from a digest: a stand-in sub that looks like every real one. */
export const asUuid = (digest: Buffer) => {
  const b = Buffer.from(digest.subarray(0, 16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
