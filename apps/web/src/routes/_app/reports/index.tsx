import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/reports/')({
  component: () => <ComingSoon title="Reports" description="Rosters, participation and messaging activity." />,
});
