import { canUseWebApp } from '@fieldhouse/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { signIn, signOut } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { getMe } from '../api/get-me.ts';

/** Messages for sign-in steps this screen does not complete itself (SPEC §4). */
const STEP_MESSAGES: Record<string, string> = {
  CONFIRM_SIGN_UP: 'Your account is not confirmed yet. Check your e-mail for the confirmation code.',
  RESET_PASSWORD: 'You need to reset your password before signing in.',
};

export function SignInForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Please enter your username or e-mail'),
      password: (v) => (v ? null : 'Please enter your password'),
    },
  });

  const submit = form.onSubmit(async ({ username, password }) => {
    setError(null);
    setLoading(true);
    try {
      const result = await signIn({ username: username.trim(), password });
      const step = result.nextStep.signInStep;
      if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
        await navigate({ to: '/auth/confirm-sign-up' });
        return;
      }
      if (step !== 'DONE') {
        setError(
          STEP_MESSAGES[step] ??
            'This sign-in needs a step Fieldhouse does not support yet. Contact your administrator.',
        );
        return;
      }
      const user = await getMe();
      if (!canUseWebApp(user)) {
        toast.error(user.status !== 'ACTIVE' ? 'Your account is blocked.' : 'User is not authorized to sign in.');
        await signOut();
        return;
      }
      queryClient.setQueryData(['auth', 'me'], user);
      await navigate({ to: redirect });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An unknown error has occurred.');
    } finally {
      setLoading(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" title="Could not sign in">
            {error}
          </Alert>
        )}
        <TextInput label="Username or e-mail" autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="space-between">
          <Anchor
            size="sm"
            renderRoot={(props) => <Link to="/auth/forgot-password" search={{ redirect }} {...props} />}
          >
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
