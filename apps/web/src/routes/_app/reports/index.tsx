import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { ReportsScreen } from '../../../features/reports/components/reports-screen.tsx';
import { type ReportSearch, reportSearchSchema } from '../../../features/reports/utils/report-search.ts';
import { sportsQueryOptions } from '../../../features/sports/api/sports-queries.ts';
import { teamsQueryOptions } from '../../../features/teams/api/teams-queries.ts';

export const Route = createFileRoute('/_app/reports/')({
  validateSearch: reportSearchSchema,
  component: ReportsPage,
});

function ReportsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  const teams = useQuery(teamsQueryOptions());
  const sports = useQuery(sportsQueryOptions());
  const onSearch = (patch: Partial<ReportSearch>, reset = false) =>
    navigate({
      search: (prev) => (reset ? { report: prev.report, page: 1, ...patch } : { ...prev, page: 1, ...patch }),
      replace: true,
    });
  return (
    <ReportsScreen
      search={search}
      teams={(teams.data ?? []).map((t) => ({ id: t.id, name: t.name }))}
      sports={sports.data ?? []}
      onSearch={onSearch}
      viewerId={auth.state.status === 'signedIn' ? auth.state.user.id : undefined}
      timeZone={auth.state.status === 'signedIn' ? (auth.state.organization?.timezone ?? undefined) : undefined}
    />
  );
}
