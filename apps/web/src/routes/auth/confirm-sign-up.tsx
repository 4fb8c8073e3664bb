import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { ConfirmSignUpForm } from '../../features/auth/components/confirm-sign-up-form.tsx';

export const Route = createFileRoute('/auth/confirm-sign-up')({
  component: () => (
    <AuthLayout title="Confirm Sign up" subtitle="Please enter a new password that you would like to use to sign in.">
      <ConfirmSignUpForm />
    </AuthLayout>
  ),
});
