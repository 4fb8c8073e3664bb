/**
 * What the app itself does to identity accounts (create, disable, reset…). One interface, two
 * implementations: the embedded pool in-process, or Amazon Cognito's admin API.
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Account } from './accounts.ts';
import { unsupportedUserState, userNotFound } from './errors.ts';
import { hashPassword } from './passwords.ts';
import type { UserPool } from './user-pool.ts';

export type IdentityUser = {
  sub: string;
  email: string;
  status: string;
  enabled: boolean;
  emailVerified: boolean;
  createdAt: Date;
};

export type CreateIdentityUser = {
  email: string;
  givenName?: string | undefined;
  familyName?: string | undefined;
  /** A permanent password (seeding, first admin); otherwise a temporary one is mailed. */
  password?: string | undefined;
};

export interface IdentityAdmin {
  createUser(input: CreateIdentityUser): Promise<{ sub: string; temporaryPassword?: string }>;
  /** Bulk creation with one permanent password (demo data): one argon2 hash for all. */
  createUsersWithPassword(inputs: CreateIdentityUser[], password: string): Promise<string[]>;
  setUserPassword(sub: string, password: string, permanent: boolean): Promise<void>;
  disableUser(sub: string): Promise<void>;
  enableUser(sub: string): Promise<void>;
  deleteUser(sub: string): Promise<void>;
  resetUserPassword(sub: string): Promise<void>;
  /** A fresh temporary password and invite for someone who has not signed in yet. */
  resendInvite(sub: string): Promise<void>;
  /**
   * AdminUpdateUserAttributes(email, email_verified): the person signs in with the new address.
   * The embedded pool tells both addresses; Cognito sends no mail for an administrator's change.
   */
  changeEmail(sub: string, email: string): Promise<void>;
  /** AdminUserGlobalSignOut: every sign-in of the person ends, open sockets too. */
  globalSignOut(sub: string): Promise<void>;
  getUser(sub: string): Promise<IdentityUser>;
}

/** A temporary password that meets the default policy: 12 characters from an unambiguous set. */
export function temporaryPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < 12) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

const attributesOf = (input: CreateIdentityUser) => ({
  ...(input.givenName ? { given_name: input.givenName } : {}),
  ...(input.familyName ? { family_name: input.familyName } : {}),
});

export class EmbeddedIdentityAdmin implements IdentityAdmin {
  constructor(
    private readonly db: Db,
    private readonly pool: UserPool,
    private readonly mailer: Mailer,
  ) {}

  private async account(sub: string): Promise<Account> {
    const account = await this.pool.accounts.find(sub);
    if (!account) throw userNotFound('User does not exist.');
    return account;
  }

  private async sendInvite(email: string, givenName: string | undefined, password: string) {
    await this.mailer.send({
      kind: 'invite',
      to: email,
      subject: 'You are invited to Fieldhouse',
      text: [
        `Hello${givenName ? ` ${givenName}` : ''},`,
        '',
        'Your athletic department has created a Fieldhouse account for you.',
        `Sign in at ${this.pool.options.appUrl}/auth/sign-in with`,
        `  e-mail: ${email}`,
        `  temporary password: ${password}`,
        'You will choose your own password when you first sign in.',
      ].join('\n'),
    });
  }

  async resendInvite(sub: string) {
    const account = await this.account(sub);
    if (account.status !== 'FORCE_CHANGE_PASSWORD') {
      throw unsupportedUserState('This person has already signed in, so there is no invite to resend.');
    }
    const password = temporaryPassword();
    await inTransaction(this.db, (tx) =>
      this.pool.accounts.setPassword(tx, account, password, 'FORCE_CHANGE_PASSWORD'),
    );
    await this.sendInvite(account.email, account.attributes.given_name, password);
  }

  async createUser(input: CreateIdentityUser) {
    if (input.password) {
      const account = await this.pool.accounts.create({
        email: input.email,
        password: input.password,
        status: 'CONFIRMED',
        emailVerified: true,
        attributes: attributesOf(input),
      });
      return { sub: account.sub };
    }
    const password = temporaryPassword();
    const account = await this.pool.accounts.create({
      email: input.email,
      password,
      status: 'FORCE_CHANGE_PASSWORD',
      emailVerified: true,
      attributes: attributesOf(input),
    });
    await this.sendInvite(account.email, input.givenName, password);
    return { sub: account.sub, temporaryPassword: password };
  }

  async createUsersWithPassword(inputs: CreateIdentityUser[], password: string) {
    const passwordHash = await hashPassword(password);
    const subs: string[] = [];
    for (const input of inputs) {
      const account = await this.pool.accounts.create({
        email: input.email,
        password,
        passwordHash,
        status: 'CONFIRMED',
        emailVerified: true,
        attributes: attributesOf(input),
      });
      subs.push(account.sub);
    }
    return subs;
  }

  /** A password an administrator sets ends the person's sign-ins: whoever had the old one is out. */
  async setUserPassword(sub: string, password: string, permanent: boolean) {
    const account = await this.account(sub);
    await inTransaction(this.db, async (tx, afterCommit) => {
      await this.pool.accounts.setPassword(tx, account, password, permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD');
      await this.pool.sessions.revokeAll(tx, afterCommit, account);
    });
  }

  async disableUser(sub: string) {
    const account = await this.account(sub);
    await inTransaction(this.db, async (tx, afterCommit) => {
      await this.pool.accounts.update(tx, account, { enabled: false });
      await this.pool.sessions.revokeAll(tx, afterCommit, account);
    });
  }

  async enableUser(sub: string) {
    const account = await this.account(sub);
    await inTransaction(this.db, (tx) => this.pool.accounts.update(tx, account, { enabled: true }));
  }

  async deleteUser(sub: string) {
    const account = await this.account(sub);
    await inTransaction(this.db, async (tx, afterCommit) => {
      await this.pool.sessions.revokeAll(tx, afterCommit, account);
      await this.pool.accounts.delete(tx, account);
    });
  }

  /** Sessions end and a reset code is mailed; the old password no longer signs in. */
  async resetUserPassword(sub: string) {
    const account = await this.account(sub);
    await inTransaction(this.db, async (tx, afterCommit) => {
      await this.pool.accounts.update(tx, account, { status: 'RESET_REQUIRED' });
      await this.pool.sessions.revokeAll(tx, afterCommit, account);
      await this.pool.codes.issue(tx, afterCommit, account, 'RESET_PASSWORD');
    });
  }

  async changeEmail(sub: string, email: string) {
    const account = await this.account(sub);
    const before = account.email;
    await inTransaction(this.db, (tx) => this.pool.accounts.changeEmail(tx, account, email));
    const name = account.attributes.given_name;
    for (const to of new Set([before, email.toLowerCase()])) {
      await this.mailer.send({
        kind: 'email-changed',
        to,
        subject: 'Your Fieldhouse sign-in e-mail has changed',
        text: [
          `Hello${name ? ` ${name}` : ''},`,
          '',
          `Your athletic department changed the e-mail you sign in to Fieldhouse with from ${before} to ${email.toLowerCase()}.`,
          `From now on, sign in at ${this.pool.options.appUrl}/auth/sign-in with ${email.toLowerCase()} and your usual password.`,
          'If you did not expect this, contact your athletic director.',
        ].join('\n'),
      });
    }
  }

  async globalSignOut(sub: string) {
    const account = await this.account(sub);
    await inTransaction(this.db, (tx, afterCommit) => this.pool.sessions.revokeAll(tx, afterCommit, account));
  }

  async getUser(sub: string): Promise<IdentityUser> {
    const a = await this.account(sub);
    return {
      sub: a.sub,
      email: a.email,
      status: a.status,
      enabled: a.enabled,
      emailVerified: a.emailVerified,
      createdAt: a.createdAt,
    };
  }
}
