import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/auth/register')({
  component: () => <ComingSoon title="Register" description="Accounts are created by your athletic department." />,
});
