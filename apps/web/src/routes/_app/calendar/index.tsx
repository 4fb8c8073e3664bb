import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { CalendarScreen } from '../../../features/calendar/components/calendar-screen.tsx';
import { type CalendarSearch, calendarSearchSchema } from '../../../features/calendar/components/calendar-utils.ts';
import { sportsQueryOptions } from '../../../features/sports/api/sports-queries.ts';
import { teamsQueryOptions } from '../../../features/teams/api/teams-queries.ts';

export const Route = createFileRoute('/_app/calendar/')({
  validateSearch: calendarSearchSchema,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(teamsQueryOptions()),
      context.queryClient.ensureQueryData(sportsQueryOptions()),
    ]),
  component: CalendarPage,
});

function CalendarPage() {
  const search = Route.useSearch();
  const { state } = useAuth();
  const navigate = Route.useNavigate();
  const teams = useQuery(teamsQueryOptions());
  const sports = useQuery(sportsQueryOptions());
  const onSearch = useCallback(
    (patch: Partial<CalendarSearch>) => {
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });
    },
    [navigate],
  );
  const usedSports = new Set((teams.data ?? []).map((t) => t.Sport.id));
  return (
    <CalendarScreen
      search={search}
      onSearch={onSearch}
      teams={(teams.data ?? []).map((t) => ({ id: t.id, name: t.name, sportId: t.Sport.id }))}
      sports={(sports.data ?? []).filter((s) => usedSports.has(s.id)).map((s) => ({ id: s.id, name: s.name }))}
      signedInTimezone={state.status === 'signedIn' ? state.organization?.timezone : undefined}
    />
  );
}
