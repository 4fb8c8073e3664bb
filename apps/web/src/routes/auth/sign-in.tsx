import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.auth.state.status === 'signedIn') throw redirect({ href: search.redirect });
  },
  component: function SignInPage() {
    const { redirect: target } = Route.useSearch();
    return (
      <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to manage your athletic department.">
        <SignInForm redirect={target} />
      </AuthLayout>
    );
  },
});
