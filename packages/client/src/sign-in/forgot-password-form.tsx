import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { type ReactNode, useState } from 'react';
import { CodeInput } from '../code-input.tsx';
import { useFormAction } from './use-form-action.ts';

/**
 * Forgot password: ask for the account, then the e-mailed code and a new password. Each app says
 * what happens after (`onReset`: a toast and its sign-in page) and gives its own link back.
 */
export function ForgotPasswordForm({
  initialUsername = '',
  usernameLabel = 'Username or e-mail',
  onReset,
  backLink,
}: {
  initialUsername?: string;
  usernameLabel?: string;
  onReset: () => Promise<void> | void;
  backLink: ReactNode;
}) {
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [destination, setDestination] = useState<string | null>(null);
  const { error, loading, run } = useFormAction();
  const request = useForm({
    initialValues: { username: initialUsername },
    validate: { username: (v) => (v.trim() ? null : `Please enter your ${usernameLabel.toLowerCase()}`) },
  });
  const confirm = useForm({
    initialValues: { code: '', password: '', repeat: '' },
    validate: {
      code: (v) => (/^\d{6}$/.test(v) ? null : 'Enter the 6-digit code from the e-mail'),
      password: (v) => (v.length >= 8 ? null : 'Password must be at least 8 characters long'),
      repeat: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });

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
      await onReset();
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
            <TextInput label={usernameLabel} autoComplete="username" autoFocus {...request.getInputProps('username')} />
            <Button type="submit" loading={loading} fullWidth size="md">
              Send reset code
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={setPassword} noValidate>
          <Stack gap="md">
            <Text size="sm">We sent a 6-digit code to {destination ?? 'your e-mail'}. It is valid for one hour.</Text>
            <CodeInput label="Code" {...confirm.getInputProps('code')} />
            <PasswordInput label="New password" autoComplete="new-password" {...confirm.getInputProps('password')} />
            <PasswordInput
              label="Repeat new password"
              autoComplete="new-password"
              {...confirm.getInputProps('repeat')}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Set new password
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setStep('request')}>
              Send a new code
            </Anchor>
          </Stack>
        </form>
      )}
      {backLink}
    </Stack>
  );
}
