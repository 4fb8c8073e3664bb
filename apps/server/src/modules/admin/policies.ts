/**
 * Who enters which part of the admin area (decision 012): the tabs of `adminTabsFor` in shared,
 * so the web hides exactly what the server refuses.
 */
import { type AdminTab, adminTabsFor } from '@fieldhouse/shared';
import { forbidden } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/policies.ts';

export function requireAdminTab(user: AppUser, tab: AdminTab) {
  const admin = requireAdmin(user);
  if (!adminTabsFor(admin.role).includes(tab)) throw forbidden();
  return admin;
}
