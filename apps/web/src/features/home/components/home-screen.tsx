import { adminTabsFor } from '@fieldhouse/shared';
import { useAuth } from '../../auth/hooks/use-auth.ts';
import { EventsCard } from './events-card.tsx';
import { HomeDashboard } from './home-dashboard.tsx';
import { RecentChangesCard } from './recent-changes-card.tsx';

/** `/` and `/home/` show the same dashboard (SPEC §2); the audit trail only to who may read it. */
export function HomeScreen() {
  const auth = useAuth();
  const role = auth.state.status === 'signedIn' ? auth.state.user.role : null;
  return (
    <HomeDashboard
      events={<EventsCard />}
      recentChanges={adminTabsFor(role).includes('audit') ? <RecentChangesCard /> : null}
    />
  );
}
