/**
 * Who may do what in the directory (decision 007). The server decides; the web only hides.
 * - Only the four admin roles use the directory; ATHLETE, COACH and PARENT get 403.
 * - A non-super-admin acts only in their own organization; a SUPER_ADMIN in any.
 * - Nobody changes a person ranked above them, and only a SUPER_ADMIN grants SUPER_ADMIN.
 */
import { canGrantRole, isAdminRole, ROLE_RANK, type Role } from '@fieldhouse/shared';
import { badRequest, forbidden } from '../../errors.ts';
import type { AppUser } from './authenticate.ts';

export const rank = (role: Role | null) => (role ? ROLE_RANK[role] : 0);

/** The acting administrator, or 403 for anyone else (and for accounts that are not ACTIVE). */
export function requireAdmin(user: AppUser): AppUser & { role: Role } {
  if (!isAdminRole(user.role) || user.status !== 'ACTIVE') throw forbidden();
  return user as AppUser & { role: Role };
}

export function requireSuperAdmin(user: AppUser) {
  if (user.role !== 'SUPER_ADMIN' || user.status !== 'ACTIVE') throw forbidden();
}

/**
 * The organization a request acts in: the user's own, or for a SUPER_ADMIN the one asked for
 * (falling back to their own). Asking for another organization without being SUPER_ADMIN is 403.
 */
export function resolveOrganization(user: AppUser, requested?: number | null): number {
  if (user.role === 'SUPER_ADMIN') {
    const organizationId = requested ?? user.organizationId;
    if (!organizationId) throw badRequest('Choose an organization (organizationId)');
    return organizationId;
  }
  if (!user.organizationId) throw forbidden();
  if (requested && requested !== user.organizationId) throw forbidden();
  return user.organizationId;
}

/** An admin may manage people ranked below them; a SUPER_ADMIN manages everyone. */
export function canManage(actor: AppUser, target: { role: Role | null; id: number }) {
  if (actor.role === 'SUPER_ADMIN') return true;
  if (actor.id === target.id) return false;
  return rank(target.role) < rank(actor.role);
}

/** An admin may give roles below their own; SUPER_ADMIN may give any. */
export const canGrant = (actor: AppUser, role: Role) => canGrantRole(actor.role, role);
