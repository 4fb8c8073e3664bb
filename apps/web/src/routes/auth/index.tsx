import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { redirectSearchSchema } from '../../lib/redirect-search.ts';

export const Route = createFileRoute('/auth/')({
  validateSearch: redirectSearchSchema,
  component: () => <ComingSoon title="Sign in" description="Taking you to sign-in." />,
});
