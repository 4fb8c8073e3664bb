import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ context, search }) => {
    const { status } = context.auth.state;
    if (status === 'signedIn') throw redirect({ href: search.redirect });
    if (status === 'staff') throw redirect({ to: '/auth/staff' });
  },
  component: function SignInPage() {
    const { redirect: target } = Route.useSearch();
    return (
      <AuthLayout title="Sign in to Fieldhouse" subtitle="Your teams, schedule and announcements.">
        <SignInForm redirect={target} />
      </AuthLayout>
    );
  },
});
