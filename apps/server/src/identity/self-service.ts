/**
 * What people do to their own account: sign up and confirm, reset a forgotten password, change
 * it, read it, sign out everywhere. Each change is one transaction (code used, password set,
 * e-mail verified, sessions ended); mail and "sessions ended" go out after the commit. Unknown
 * users get the answers known ones get (see codes.ts), so none of this reveals who has an account.
 */
import { inTransaction } from '../db/transaction.ts';
import { type Accounts, isLocked } from './accounts.ts';
import type { Codes } from './codes.ts';
import {
  codeMismatch,
  IdentityError,
  invalidParameter,
  limitExceeded,
  notAuthorized,
  WRONG_CREDENTIALS,
} from './errors.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { asUuid, type PoolContext, usernameDigest } from './pool-context.ts';
import type { Sessions } from './sessions.ts';
import type { Tokens } from './tokens.ts';

const NO_CODE = 'Invalid verification code provided, please try again.';
/** What a person may set when signing up, besides the e-mail: the names the pool keeps. */
const SIGN_UP_ATTRIBUTES = new Set(['given_name', 'family_name']);

export class SelfService {
  constructor(
    private readonly ctx: PoolContext,
    private readonly accounts: Accounts,
    private readonly codes: Codes,
    private readonly sessions: Sessions,
    private readonly tokens: Tokens,
  ) {}

  /**
   * A new account and a mailed confirmation code. An e-mail that already has an account gets
   * the same answer after the same work (a believable UserSub that repeats, like a real one),
   * and its owner a note saying someone tried to sign up with it; the code sent to "confirm"
   * it never exists, so ConfirmSignUp answers as for any wrong code.
   */
  async signUp(username: string, password: string, attributes: Record<string, string>) {
    if (!this.ctx.options.allowSignUp)
      throw new IdentityError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
    const email = (attributes.email ?? username).trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalidParameter('A valid email attribute is required.');
    checkPasswordPolicy(password, this.ctx.options.passwordPolicy);
    const { email: _email, ...rest } = attributes;
    // The pool's schema: a name given for another attribute (a token claim such as token_use,
    // custom:role) is refused as Cognito refuses an attribute its schema does not have.
    const unknown = Object.keys(rest).find((name) => !SIGN_UP_ATTRIBUTES.has(name));
    if (unknown !== undefined)
      throw invalidParameter(
        `Attributes did not conform to the schema: ${unknown}: Attribute does not exist in the schema.`,
      );
    const existing = await this.accounts.find(email);
    await this.codes.countRequest('CONFIRM_SIGN_UP', email, existing);
    const account = existing
      ? undefined
      : await this.accounts
          .create({ email, password, status: 'UNCONFIRMED', emailVerified: false, attributes: rest })
          .catch((error: unknown) => {
            if (error instanceof IdentityError && error.type === 'UsernameExistsException') return undefined;
            throw error;
          });
    if (account) {
      await inTransaction(this.ctx.db, (tx, afterCommit) =>
        this.codes.issue(tx, afterCommit, account, 'CONFIRM_SIGN_UP'),
      );
      return { UserConfirmed: false, UserSub: account.sub, CodeDeliveryDetails: this.codes.delivery(email, account) };
    }
    await hashPassword(password); // what creating the account would have cost
    await this.codes.restartAttempts('CONFIRM_SIGN_UP', email, existing);
    await this.ctx.mailer.send({
      kind: 'account-exists',
      to: email,
      subject: 'Someone tried to sign up to Fieldhouse with your e-mail',
      text: [
        'Someone tried to create a Fieldhouse account with this e-mail address, which already has one.',
        `If it was you, sign in at ${this.ctx.options.appUrl}/auth/sign-in, or reset your password there.`,
        'If it was not you, you can ignore this message: nothing about your account changed.',
      ].join('\n'),
    });
    return {
      UserConfirmed: false,
      UserSub: asUuid(usernameDigest(this.ctx.secret, 'sign-up-sub', email)),
      CodeDeliveryDetails: this.codes.delivery(email, undefined),
    };
  }

  async confirmSignUp(username: string, code: string) {
    const account = await this.accounts.find(username);
    const codeId = await this.codes.check('CONFIRM_SIGN_UP', username, account, code);
    if (!account) throw codeMismatch(NO_CODE); // unknown users have no codes: check() refused already
    await inTransaction(this.ctx.db, async (tx) => {
      await this.codes.consume(tx, codeId);
      await this.accounts.update(tx, account, { status: 'CONFIRMED', emailVerified: true });
    });
  }

  /** A fresh code for an unconfirmed sign-up; anyone else gets the same answer and no mail. */
  async resendConfirmationCode(username: string) {
    const account = await this.accounts.find(username);
    await this.codes.countRequest('CONFIRM_SIGN_UP', username, account);
    if (account?.enabled && account.status === 'UNCONFIRMED') {
      await inTransaction(this.ctx.db, (tx, afterCommit) =>
        this.codes.issue(tx, afterCommit, account, 'CONFIRM_SIGN_UP'),
      );
    } else {
      await this.codes.restartAttempts('CONFIRM_SIGN_UP', username, account);
    }
    return this.codes.delivery(username, account);
  }

  /**
   * A reset code for any enabled account, including an invited one that lost its temporary
   * password (the mailed code proves the address as the invite would). A disabled or unknown
   * account gets the same answer and no mail.
   */
  async forgotPassword(username: string) {
    const account = await this.accounts.find(username);
    await this.codes.countRequest('RESET_PASSWORD', username, account);
    if (account?.enabled) {
      await inTransaction(this.ctx.db, (tx, afterCommit) =>
        this.codes.issue(tx, afterCommit, account, 'RESET_PASSWORD'),
      );
    } else {
      await this.codes.restartAttempts('RESET_PASSWORD', username, account);
    }
    return this.codes.delivery(username, account);
  }

  async confirmForgotPassword(username: string, code: string, password: string) {
    // A refused password costs no attempt: the policy is checked before the code.
    checkPasswordPolicy(password, this.ctx.options.passwordPolicy);
    const account = await this.accounts.find(username);
    const codeId = await this.codes.check('RESET_PASSWORD', username, account, code);
    if (!account) throw codeMismatch(NO_CODE);
    await inTransaction(this.ctx.db, async (tx, afterCommit) => {
      await this.codes.consume(tx, codeId);
      const status = account.status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'CONFIRMED';
      await this.accounts.setPassword(tx, account, password, status, { emailVerified: true });
      await this.sessions.revokeAll(tx, afterCommit, account);
    });
  }

  /**
   * The signed-in user's new password. Every other sign-in ends (someone who knew the old
   * password is out); the device that changed it stays signed in.
   */
  async changePassword(accessToken: string, previous: string, proposed: string) {
    const { sub, claims } = await this.tokens.verify(accessToken, 'access');
    const account = await this.accounts.find(sub);
    if (!account) throw notAuthorized('Invalid token');
    if (isLocked(account)) throw limitExceeded('Attempt limit exceeded, please try after some time.');
    if (!(await verifyPassword(account.passwordHash, previous))) {
      await this.accounts.recordFailure(account.id);
      throw notAuthorized(WRONG_CREDENTIALS);
    }
    await inTransaction(this.ctx.db, async (tx, afterCommit) => {
      await this.accounts.setPassword(tx, account, proposed, 'CONFIRMED');
      await this.sessions.revokeAll(tx, afterCommit, account, String(claims.origin_jti));
    });
  }

  async getUser(accessToken: string) {
    const { sub } = await this.tokens.verify(accessToken, 'access');
    const account = await this.accounts.find(sub);
    if (!account) throw notAuthorized('Invalid token');
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
    const { sub } = await this.tokens.verify(accessToken, 'access');
    const account = await this.accounts.find(sub);
    if (!account) return;
    await inTransaction(this.ctx.db, (tx, afterCommit) => this.sessions.revokeAll(tx, afterCommit, account));
  }
}
