import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/teams/$teamId/')({
  component: function TeamPage() {
    const { teamId } = Route.useParams();
    return <ComingSoon title={`Team ${teamId}`} description="Roster, coaches and guardians of this team." />;
  },
});
