/**
 * Who may use these endpoints: anyone signed in whose account is ACTIVE, in every role. A
 * suspended or inactive person's token may still verify until it expires; it opens nothing here.
 */
import { forbidden } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';

export function requireActive(user: AppUser): AppUser {
  if (user.status !== 'ACTIVE') throw forbidden('Your account is not active', 'account_inactive');
  return user;
}
