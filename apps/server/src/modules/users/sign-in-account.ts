/**
 * A person's sign-in account, always made after their directory rows are committed (decision
 * 017): creating it mails the temporary password, and nobody should be mailed for a person the
 * database then refused. Linking is conditional, so two attempts never link two accounts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';

type Person = Pick<AppUser, 'id' | 'email' | 'firstName' | 'lastName'>;

/** Creates the account (which sends the invite) and links it; returns the linked row, if still there. */
export async function provisionSignIn(app: FastifyInstance, person: Person): Promise<AppUser | undefined> {
  const { sub } = await app.identity.admin.createUser({
    email: person.email,
    givenName: person.firstName,
    familyName: person.lastName ?? undefined,
  });
  const [linked] = await app.database.db
    .update(users)
    .set({ identitySub: sub })
    .where(and(eq(users.id, person.id), isNull(users.identitySub)))
    .returning();
  return linked;
}
