import { ForgotPasswordForm as SharedForgotPasswordForm } from '@fieldhouse/client/sign-in/forgot-password-form.tsx';
import { Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';

/** Forgot password (the form is shared with the admin app): the e-mailed code, then sign in again. */
export function ForgotPasswordForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  return (
    <SharedForgotPasswordForm
      usernameLabel="E-mail"
      onReset={async () => {
        toast.success('Your password has been reset. Sign in with your new password.');
        await navigate({ to: '/auth/sign-in', search: { redirect } });
      }}
      backLink={
        <Anchor ta="center" renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect }} {...props} />}>
          Back to sign in
        </Anchor>
      }
    />
  );
}
