/**
 * Who may broadcast (decision 029): the school's four admin roles with ACTIVE accounts — the
 * athletic office's tool; coaches reach their own teams with announcements (decision 027).
 * Everyone else gets 403; another school's broadcast is 404.
 */
import { isAdminRole } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { broadcasts } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { requireActive } from '../announcements/policies.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { resolveOrganization } from '../auth/policies.ts';

/** The broadcaster and the school they broadcast for: their own, or a SUPER_ADMIN's chosen one. */
/** Whether `user` may still broadcast to `organizationId` (the job asks before a scheduled one goes). */
export function mayBroadcast(user: AppUser, organizationId: number) {
  try {
    requireBroadcaster(user, organizationId);
    return true;
  } catch {
    return false;
  }
}

export function requireBroadcaster(user: AppUser, requested?: number) {
  requireOffice(user);
  return { user, organizationId: resolveOrganization(user, requested) };
}

function requireOffice(user: AppUser) {
  requireActive(user);
  if (!isAdminRole(user.role)) throw forbidden('Only the athletic office sends broadcasts', 'not_broadcaster');
}

/**
 * One broadcast of the school acted in: a SUPER_ADMIN's chosen one (`organizationId`, else their
 * own), so another school's broadcast is 404 until they choose that school.
 */
export async function broadcastFor(db: Db, user: AppUser, id: number, requested?: number) {
  const { organizationId } = requireBroadcaster(user, requested);
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (!row || row.organizationId !== organizationId) throw notFound('Broadcast');
  return row;
}
