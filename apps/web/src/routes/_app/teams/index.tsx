import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_app/teams/')({
  component: () => <ComingSoon title="Teams" description="Every team with its sport, roster and coaches." />,
});
