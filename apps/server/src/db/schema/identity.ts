/**
 * Tables of the embedded user pool. They are the pool's own, as Cognito's would be: the app's
 * users table links to an account through `users.identity_sub`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

export const ACCOUNT_STATUSES = ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'] as const;
export const accountStatusEnum = pgEnum('identity_account_status', ACCOUNT_STATUSES);
export const CODE_PURPOSES = ['CONFIRM_SIGN_UP', 'RESET_PASSWORD'] as const;
export const codePurposeEnum = pgEnum('identity_code_purpose', CODE_PURPOSES);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: serial('id').primaryKey(),
    /** Cognito's `sub`; also the username (as in a pool whose sign-in alias is the e-mail). */
    sub: uuid('sub').notNull().unique().default(sql`gen_random_uuid()`),
    email: varchar('email', { length: 254 }).notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    status: accountStatusEnum('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** SRP salt (hex) and verifier (sealed with the server key); argon2id for USER_PASSWORD_AUTH. */
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    passwordHash: text('password_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('identity_accounts_email_key').on(t.email)],
);

/** RS256 signing keys; retired keys stay published until their last token has expired. */
export const identityKeys = pgTable('identity_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  privateKey: text('private_key').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  retiredAt: at('retired_at'),
});

/** One sign-in: its id is the tokens' `origin_jti`; revoking it revokes every token from it. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 128 }).notNull(),
    authTime: at('auth_time').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('identity_sessions_account_idx').on(t.accountId)],
);

/** Refresh tokens are opaque; only their SHA-256 is kept. Rotation revokes the old one. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => identitySessions.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('identity_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Pending challenges (SRP state, NEW_PASSWORD_REQUIRED): single-use, 3 minutes. */
export const identityChallenges = pgTable('identity_challenges', {
  idHash: varchar('id_hash', { length: 64 }).primaryKey(),
  accountId: integer('account_id').references(() => identityAccounts.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 40 }).notNull(),
  /** Sealed JSON state (the SRP secret exponent never sits in plain text). */
  state: text('state').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Six-digit confirmation and reset codes: hashed, single-use, limited attempts. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('identity_codes_account_idx').on(t.accountId, t.purpose)],
);

/** Mail waiting to go out (or, without SMTP, kept for the dev outbox view). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 254 }).notNull(),
  subject: varchar('subject', { length: 200 }).notNull(),
  text: text('text').notNull(),
  /** The HTML alternative, when the mail has one (the digest). */
  html: text('html'),
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  kind: varchar('kind', { length: 40 }).notNull(),
  sentAt: at('sent_at'),
  error: text('error'),
  createdAt: at('created_at').notNull().defaultNow(),
});
