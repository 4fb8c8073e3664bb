import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/auth/sign-in')({
  component: () => <ComingSoon title="Sign in" description="Sign in with your username and password." />,
});
