/**
 * `npm run admin`: what IT staff need when nobody can sign in to fix it from the app: a new
 * super admin, and a new password for someone locked out. Both work in either identity mode,
 * write the audit log (no actor: "from the command line"), and never leave half an account.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { inTransaction } from '../db/transaction.ts';
import { type IdentityAdmin, temporaryPassword } from '../identity/admin.ts';
import { recordAudit } from '../modules/audit/record.ts';
import { OpsError } from './backup.ts';

export type PasswordResult = {
  email: string;
  /** Set when the command chose the password: the person must change it at first sign-in. */
  temporaryPassword?: string;
};

export async function createSuperAdmin(
  database: Database,
  identity: IdentityAdmin,
  input: {
    email: string;
    password?: string | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
  },
  /** The pool's password policy (the embedded pool keeps it; Cognito checks its own). */
  checkPassword: (password: string) => void = () => {},
): Promise<PasswordResult> {
  const email = input.email.trim().toLowerCase();
  if (input.password) checkPassword(input.password);
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    throw new OpsError(
      `${email} already has a Fieldhouse account: use reset-password, or change their role in the app.`,
    );
  }
  const firstName = input.firstName?.trim() || (email.split('@')[0] as string);
  const lastName = input.lastName?.trim() || undefined;
  const temporary = input.password ? undefined : temporaryPassword();
  const { sub } = await identity.createUser({
    email,
    givenName: firstName,
    familyName: lastName,
    password: input.password ?? temporary,
  });
  try {
    // A password chosen here is a temporary one: the person picks their own at first sign-in.
    if (temporary) await identity.setUserPassword(sub, temporary, false);
    await inTransaction(database.db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, firstName, lastName, role: 'SUPER_ADMIN', status: 'ACTIVE', identitySub: sub })
        .returning({ id: users.id });
      await recordAudit(tx, {
        organizationId: null,
        actorId: null,
        action: 'user.create',
        entityType: 'user',
        entityId: user?.id ?? null,
        summary: `Added ${email} as Super Admin from the command line`,
        after: { email, firstName, lastName: lastName ?? null, role: 'SUPER_ADMIN', status: 'ACTIVE' },
      });
    });
  } catch (error) {
    // No sign-in account without its person.
    await identity.deleteUser(sub).catch(() => {});
    throw error;
  }
  return { email, ...(temporary ? { temporaryPassword: temporary } : {}) };
}

/**
 * A new password for the person with this e-mail: theirs if given (permanent), otherwise a
 * temporary one they must change. Their sign-ins end and a lock-out from failed attempts is lifted.
 */
export async function resetPassword(
  database: Database,
  identity: IdentityAdmin,
  input: { email: string; password?: string | undefined },
): Promise<PasswordResult & { enabled: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [user] = await database.db
    .select({ id: users.id, organizationId: users.organizationId, identitySub: users.identitySub })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new OpsError(`No Fieldhouse account has the e-mail ${email}.`);
  if (!user.identitySub) throw new OpsError(`${email} has no sign-in account yet: invite them from the app.`);
  const temporary = input.password ? undefined : temporaryPassword();
  await identity.setUserPassword(user.identitySub, input.password ?? (temporary as string), !temporary);
  const { enabled } = await identity.getUser(user.identitySub);
  await recordAudit(database.db, {
    organizationId: user.organizationId,
    actorId: null,
    action: 'user.password-reset',
    entityType: 'user',
    entityId: user.id,
    summary: `Reset the password of ${email} from the command line`,
  });
  return { email, enabled, ...(temporary ? { temporaryPassword: temporary } : {}) };
}
