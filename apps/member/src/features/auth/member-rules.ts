import { isAdminRole, MEMBER_ROLES, type Role, type UserStatus } from '@fieldhouse/shared';
import type { Me } from './api/get-me.ts';
import type { AuthState } from './auth-context.ts';

const isMemberRole = (role: Role | null) => role != null && (MEMBER_ROLES as readonly string[]).includes(role);

/** What a session means here: a member, staff (sent to the admin app), or refused (not ACTIVE). */
export function stateFor(me: Me): AuthState | 'blocked' {
  const status: UserStatus = me.user.status;
  if (status !== 'ACTIVE') return 'blocked';
  if (isMemberRole(me.user.role)) return { status: 'signedIn', ...me };
  if (isAdminRole(me.user.role)) return { status: 'staff', ...me };
  return 'blocked';
}

export const BLOCKED_MESSAGE = 'Your account is blocked. Contact your school’s athletic office.';
export { errorMessage } from '@fieldhouse/client/sign-in/error-message.ts';
