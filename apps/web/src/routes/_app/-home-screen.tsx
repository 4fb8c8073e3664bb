import { adminTabsFor, type Role } from '@fieldhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, useSyncExternalStore } from 'react';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { EventsCard } from '../../features/home/components/events-card.tsx';
import { HomeDashboard } from '../../features/home/components/home-dashboard.tsx';
import { QuickActions } from '../../features/home/components/quick-actions.tsx';
import { RecentChangesCard } from '../../features/home/components/recent-changes-card.tsx';
import { UnreadCard } from '../../features/home/components/unread-card.tsx';
import { useCurrentOrganization } from '../../features/setup/api/setup-queries.ts';
import { SetupChecklistCard } from '../../features/setup/components/setup-checklist-card.tsx';
import { teamsQueryOptions } from '../../features/teams/api/teams-queries.ts';
import { getActiveOrganization, subscribeActiveOrganization } from '../../lib/active-organization.ts';

// The add-user form (its number and multi-select inputs are a third of Home's code) arrives when
// a director reaches for the button, not with the page (issue 20).
const UserFormModal = lazy(() =>
  import('../../features/users/components/user-form-modal.tsx').then(({ UserFormModal }) => ({
    default: UserFormModal,
  })),
);

/** `/` and `/home/` show the same dashboard (SPEC §2); the audit trail only to who may read it. */
export function HomeScreen() {
  const auth = useAuth();
  const teams = useQuery(teamsQueryOptions());
  const current = useCurrentOrganization();
  const active = useSyncExternalStore(subscribeActiveOrganization, getActiveOrganization);
  if (auth.state.status !== 'signedIn') return null;
  const { user, organization } = auth.state;
  // A super admin looking at another school: messages stay their own, and the card says so.
  const elsewhere = active !== null && active !== user.organizationId;
  return (
    <HomeDashboard
      firstName={user.firstName}
      organizationName={current?.name ?? organization?.name ?? null}
      actions={
        <QuickActions
          addUserModal={(props) => <UserFormModal {...props} actorRole={user.role as Role} teams={teams.data ?? []} />}
        />
      }
      setup={<SetupChecklistCard />}
      events={<EventsCard />}
      unread={
        <UnreadCard
          note={
            elsewhere
              ? `Your own conversations${organization ? ` at ${organization.name}` : ''}: they do not change with the school you are viewing.`
              : null
          }
        />
      }
      recentChanges={adminTabsFor(user.role).includes('audit') ? <RecentChangesCard /> : null}
    />
  );
}
