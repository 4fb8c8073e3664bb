import { CodeInput } from '@fieldhouse/client/code-input.tsx';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../member-rules.ts';

/** Forgot password: the account's e-mail, then the e-mailed 6-digit code and a new password. */
export function ForgotPasswordForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [destination, setDestination] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useForm({
    initialValues: { username: '' },
    validate: { username: (v) => (v.trim() ? null : 'Enter your e-mail') },
  });
  const confirm = useForm({
    initialValues: { code: '', password: '', repeat: '' },
    validate: {
      code: (v) => (/^\d{6}$/.test(v) ? null : 'Enter the 6-digit code from the e-mail'),
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      repeat: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setLoading(true);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  const sendCode = request.onSubmit(({ username }) =>
    run(async () => {
      const result = await resetPassword({ username: username.trim() });
      setDestination(result.nextStep.codeDeliveryDetails?.destination ?? null);
      setStep('confirm');
    }),
  );

  const setPassword = confirm.onSubmit(({ code, password }) =>
    run(async () => {
      await confirmResetPassword({
        username: request.values.username.trim(),
        confirmationCode: code,
        newPassword: password,
      });
      toast.success('Your password has been reset. Sign in with your new password.');
      await navigate({ to: '/auth/sign-in', search: { redirect } });
    }),
  );

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" title="Could not reset the password">
          {error}
        </Alert>
      )}
      {step === 'request' ? (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="md">
            <Text>We will e-mail you a code to set a new password.</Text>
            <TextInput
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="username"
              {...request.getInputProps('username')}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Send reset code
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={setPassword} noValidate>
          <Stack gap="md">
            <Text>We sent a 6-digit code to {destination ?? 'your e-mail'}. Enter it with your new password.</Text>
            <CodeInput label="Code from the e-mail" {...confirm.getInputProps('code')} />
            <PasswordInput label="New password" autoComplete="new-password" {...confirm.getInputProps('password')} />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              {...confirm.getInputProps('repeat')}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Set new password
            </Button>
          </Stack>
        </form>
      )}
      <Anchor ta="center" renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect }} {...props} />}>
        Back to sign-in
      </Anchor>
    </Stack>
  );
}
