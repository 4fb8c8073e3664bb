import { AUTH } from '@fieldhouse/shared';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { confirmSignIn } from 'aws-amplify/auth';
import { useState } from 'react';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';

export function validateNewPassword(value: string): string | null {
  if (!value) return 'Please enter your password';
  if (value.length < AUTH.confirmSignUpPasswordMinLength) return 'Password must be at least 6 characters long';
  return null;
}

/**
 * The new-password challenge (SPEC §2 'Confirm Sign up'). On failure the error is only logged
 * and the form stops loading, as the spec says; the field's description states the rules.
 */
export function ConfirmSignUpForm() {
  const finishSignIn = useFinishSignIn();
  const [loading, setLoading] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: { password: validateNewPassword } });

  const submit = form.onSubmit(async ({ password }) => {
    setLoading(true);
    try {
      const result = await confirmSignIn({ challengeResponse: password });
      if (result.isSignedIn) {
        await finishSignIn(AUTH.defaultRedirect, 'Password set successfully!');
      } else {
        console.error('Confirm sign-up: unexpected next step', result.nextStep);
      }
    } catch (error) {
      console.error('Confirm sign-up failed', error);
    } finally {
      setLoading(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Password"
          description="Use at least 8 characters with upper- and lower-case letters and a number."
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={loading} fullWidth size="md">
          Confirm
        </Button>
        <Anchor
          ta="center"
          size="sm"
          renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}
        >
          Go Back to Sign In?
        </Anchor>
      </Stack>
    </form>
  );
}
