import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { redirectSearchSchema } from '../../lib/redirect-search.ts';

export const Route = createFileRoute('/auth/forgot-password')({
  validateSearch: redirectSearchSchema,
  component: () => (
    <ComingSoon title="Forgot password" description="Reset your password with a code sent to your e-mail." />
  ),
});
