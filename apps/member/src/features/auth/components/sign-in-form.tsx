import { signInAfresh } from '@fieldhouse/client/auth/sign-in-afresh.ts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { confirmSignIn, type SignInOutput, signIn } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { BLOCKED_MESSAGE, errorMessage } from '../member-rules.ts';
import { useAuth } from '../use-auth.ts';

/**
 * E-mail and password, then (for an invited person signing in with the e-mailed temporary
 * password) a new password of their own. Staff end on the page that sends them to the admin app.
 */
export function SignInForm({ redirect }: { redirect: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'credentials' | 'new-password'>('credentials');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const credentials = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your e-mail'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });
  const newPassword = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      repeat: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });

  const finish = async () => {
    const check = await auth.completeSignIn();
    if (!check.ok) {
      if (check.reason === 'blocked') toast.error(BLOCKED_MESSAGE);
      else setError('Could not load your account. Try again.');
      return;
    }
    if (check.state.status === 'staff') await navigate({ to: '/auth/staff' });
    else await navigate({ href: redirect });
  };

  const next = async (result: SignInOutput) => {
    const signInStep = result.nextStep.signInStep;
    if (signInStep === 'DONE') await finish();
    else if (signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') setStep('new-password');
    else if (signInStep === 'RESET_PASSWORD') {
      toast.info('Your password must be reset before you can sign in.');
      await navigate({ to: '/auth/forgot-password', search: { redirect } });
    } else
      setError('Your account needs a sign-in step this app does not support. Contact your school’s athletic office.');
  };

  const attempt = (work: () => Promise<void>) => async () => {
    setError(null);
    setLoading(true);
    try {
      await work();
    } catch (e) {
      if (e instanceof Error && e.name === 'NotAuthorizedException' && /disabled/i.test(e.message))
        toast.error(BLOCKED_MESSAGE);
      else setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  const submitCredentials = credentials.onSubmit((values) =>
    attempt(async () => {
      const result = await signInAfresh(signIn, { username: values.username.trim(), password: values.password });
      await next(result);
    })(),
  );

  const submitNewPassword = newPassword.onSubmit((values) =>
    attempt(async () => {
      await next(await confirmSignIn({ challengeResponse: values.password }));
    })(),
  );

  const alert = error && (
    <Alert color="red" variant="light" title="Could not sign in">
      {error}
    </Alert>
  );

  if (step === 'new-password') {
    return (
      <form onSubmit={submitNewPassword} noValidate>
        <Stack gap="md">
          {alert}
          <Text>Welcome! Choose a password of your own to finish setting up your account.</Text>
          <PasswordInput label="New password" autoComplete="new-password" {...newPassword.getInputProps('password')} />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            {...newPassword.getInputProps('repeat')}
          />
          <Button type="submit" loading={loading} fullWidth size="md">
            Set password and sign in
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitCredentials} noValidate>
      <Stack gap="md">
        {alert}
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="username"
          {...credentials.getInputProps('username')}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...credentials.getInputProps('password')} />
        <Group justify="flex-end">
          <Anchor renderRoot={(props) => <Link to="/auth/forgot-password" search={{ redirect }} {...props} />}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={loading} fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
