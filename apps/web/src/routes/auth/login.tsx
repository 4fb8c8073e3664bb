import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { redirectSearchSchema } from '../../lib/redirect-search.ts';

export const Route = createFileRoute('/auth/login')({
  validateSearch: redirectSearchSchema,
  component: () => <ComingSoon title="Sign in" description="Sign in with your username and password." />,
});
