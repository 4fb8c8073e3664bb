import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { redirectSearchSchema } from '../../lib/redirect-search.ts';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: redirectSearchSchema,
  component: function SignInPage() {
    const { redirect } = Route.useSearch();
    return (
      <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to manage your athletic department.">
        <SignInForm redirect={redirect} />
      </AuthLayout>
    );
  },
});
