import { ForgotPasswordForm as SharedForgotPasswordForm } from '@fieldhouse/client/sign-in/forgot-password-form.tsx';
import { Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';

/** Forgot password (the form is shared with the member app): back to sign-in, where they were going. */
export function ForgotPasswordForm({ redirect, initialUsername = '' }: { redirect: string; initialUsername?: string }) {
  const navigate = useNavigate();
  return (
    <SharedForgotPasswordForm
      initialUsername={initialUsername}
      onReset={async () => {
        toast.success('Your password has been reset. Sign in with your new password.');
        await navigate({ to: '/auth/sign-in', search: { redirect } });
      }}
      backLink={
        <Anchor
          ta="center"
          size="sm"
          renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect }} {...props} />}
        >
          Back to sign in
        </Anchor>
      }
    />
  );
}
