import { signInAfresh } from '@fieldhouse/client/auth/sign-in-afresh.ts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SignInOutput } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import {
  BLOCKED_MESSAGE,
  errorMessage,
  isDisabledAccountError,
  unsupportedStepMessage,
} from '../utils/sign-in-messages.ts';

/** The flow's code arrives while the person types (or on submit, if they did not). */
const loadSignInFlow = () => import('../utils/sign-in-flow.ts');

/** Username and password sign-in handling every next step of SPEC §4. */
export function SignInForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Please enter your username or e-mail'),
      password: (v) => (v ? null : 'Please enter your password'),
    },
  });

  const attempt = async (username: string, password: string): Promise<SignInOutput> => {
    const { signIn } = await loadSignInFlow();
    return signInAfresh(signIn, { username, password });
  };

  const submit = form.onSubmit(async (values) => {
    const username = values.username.trim();
    setError(null);
    setLoading(true);
    try {
      let result = await attempt(username, values.password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        // SPEC §4: the password doubles as the confirmation code; if it is not, ask for the mailed code.
        const { confirmSignUp } = await loadSignInFlow();
        const confirmed = await confirmSignUp({ username, confirmationCode: values.password }).then(
          () => true,
          () => false,
        );
        if (!confirmed) {
          toast.info('Confirm your account with the code we e-mailed you.');
          await navigate({ to: '/auth/register', search: { step: 'confirm', username } });
          return;
        }
        result = await attempt(username, values.password);
      }
      const step = result.nextStep.signInStep;
      if (step === 'DONE') {
        await finishSignIn(redirect);
      } else if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
        await navigate({ to: '/auth/confirm-sign-up' });
      } else if (step === 'RESET_PASSWORD') {
        toast.info('Your password must be reset before you can sign in.');
        await navigate({ to: '/auth/forgot-password', search: { redirect, username } });
      } else {
        setError(unsupportedStepMessage(step));
      }
    } catch (e) {
      if (isDisabledAccountError(e)) toast.error(BLOCKED_MESSAGE);
      else setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  });

  return (
    <form onSubmit={submit} onInput={() => void loadSignInFlow()} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" title="Could not sign in">
            {error}
          </Alert>
        )}
        <TextInput label="Username or e-mail" autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="flex-end">
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
        <Text size="sm" c="dimmed" ta="center">
          New here?{' '}
          <Anchor size="sm" renderRoot={(props) => <Link to="/auth/register" {...props} />}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
