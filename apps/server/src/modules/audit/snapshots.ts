/**
 * What the audit log keeps of an entity: plain, secret-free fields (no identity sub, no search
 * columns), and for updates only the fields that changed.
 */
import type { Role } from '@fieldhouse/shared';
import type { AppUser } from '../auth/authenticate.ts';

export const personName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'a super admin',
  ATHLETIC_DIRECTOR: 'an athletic director',
  ATHLETIC_ADMINISTRATOR: 'an athletic administrator',
  ASSISTANT_ATHLETIC_DIRECTOR: 'an assistant athletic director',
  COACH: 'a coach',
  ATHLETE: 'an athlete',
  PARENT: 'a guardian',
};
export const roleLabel = (role: Role | null) => (role ? ROLE_LABELS[role] : 'a user');

export function userSnapshot(u: AppUser) {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    status: u.status,
    contactNumber: u.contactNumber,
    dateOfBirth: u.dateOfBirth,
    bio: u.bio,
    organizationId: u.organizationId,
  };
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

/** The fields whose values differ, as `{before, after}`; null when nothing changed. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, keys = Object.keys(after)) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (comparable(before[key]) === comparable(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
