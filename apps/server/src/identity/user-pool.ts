/**
 * The embedded user pool, Cognito's semantics (IDENTITY-NOTES), split by concern behind this
 * facade: accounts (and lockout), sign-in and its challenges, sessions and tokens, mailed codes,
 * and self-service. `operations.ts` maps the wire protocol onto the parts; `admin.ts` uses them
 * in-process for the app's own account changes.
 */
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type Account, Accounts } from './accounts.ts';
import { Challenges } from './challenges.ts';
import { Codes } from './codes.ts';
import { resourceNotFound } from './errors.ts';
import type { PoolContext, PoolLimits, UserPoolOptions } from './pool-context.ts';
import type { SealedBox } from './sealed-box.ts';
import { SelfService } from './self-service.ts';
import type { SessionEvents } from './session-events.ts';
import { Sessions } from './sessions.ts';
import { SignIn } from './sign-in.ts';
import type { SigningKeys } from './signing-keys.ts';
import { Tokens } from './tokens.ts';

export type UserPoolDeps = {
  db: Db;
  box: SealedBox;
  keys: SigningKeys;
  mailer: Mailer;
  secret: Buffer;
  limits: PoolLimits;
  events: SessionEvents;
};

export class UserPool {
  readonly options: UserPoolOptions;
  readonly accounts: Accounts;
  readonly codes: Codes;
  readonly tokens: Tokens;
  readonly sessions: Sessions;
  readonly signIn: SignIn;
  readonly selfService: SelfService;

  constructor(deps: UserPoolDeps, options: UserPoolOptions) {
    const ctx: PoolContext = { ...deps, options, poolName: options.poolId.split('_')[1] ?? options.poolId };
    this.options = options;
    this.accounts = new Accounts(ctx);
    this.codes = new Codes(ctx);
    this.tokens = new Tokens(ctx);
    this.sessions = new Sessions(ctx, this.tokens);
    this.signIn = new SignIn(ctx, this.accounts, new Challenges(ctx), this.sessions);
    this.selfService = new SelfService(ctx, this.accounts, this.codes, this.sessions, this.tokens);
  }

  checkClient(clientId: unknown) {
    if (clientId !== this.options.clientId)
      throw resourceNotFound(`User pool client ${String(clientId)} does not exist.`);
  }

  findAccount(username: string): Promise<Account | undefined> {
    return this.accounts.find(username);
  }
}
