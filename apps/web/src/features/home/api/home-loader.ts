import { tabsQueryOptions } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { adminTabsFor, type Role } from '@fieldhouse/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type AuditFilters, auditQueryOptions } from '../../admin/api/get-audit.ts';
import { calendarEventsQueryOptions } from '../../calendar/api/calendar-queries.ts';
import { setupStatusQueryOptions } from '../../setup/api/setup-queries.ts';
import { teamsQueryOptions } from '../../teams/api/teams-queries.ts';
import { dashboardQueryOptions } from './dashboard-queries.ts';

/** The audit card's page: the latest six changes. */
export const LATEST_CHANGES: AuditFilters = {
  page: 1,
  limit: 6,
  search: '',
  action: null,
  entityType: null,
  from: null,
  to: null,
  allOrganizations: false,
};

/** "This week" on Home: from the browser's midnight today, seven days. */
export function homeWeek() {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 7);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The router's context, as much of it as Home reads (features import only each other's api/). */
type HomeContext = { queryClient: QueryClient; auth: { state: { status: string; user?: { role: Role | null } } } };

/**
 * Every card's data asked for at once as Home matches, while its code loads: the dashboard is
 * drawn once with the answers instead of once per answer (each a whole render on a phone,
 * decision 032). What the cache holds is used as it is; a failed request does not hold the page,
 * its card shows the error and a retry.
 */
export async function loadHome({ queryClient, auth }: HomeContext): Promise<void> {
  const settled = (request: Promise<unknown>) => request.catch(() => undefined);
  const role = auth.state.user?.role ?? null;
  await Promise.all([
    settled(queryClient.ensureQueryData(dashboardQueryOptions())),
    settled(queryClient.ensureQueryData(setupStatusQueryOptions())),
    settled(queryClient.ensureQueryData(teamsQueryOptions())),
    settled(queryClient.ensureQueryData(calendarEventsQueryOptions(homeWeek(), {}))),
    settled(queryClient.ensureQueryData(tabsQueryOptions())),
    role && adminTabsFor(role).includes('audit')
      ? settled(queryClient.ensureQueryData(auditQueryOptions(LATEST_CHANGES)))
      : undefined,
  ]);
}
