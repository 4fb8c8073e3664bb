import { CodeInput } from '@fieldhouse/client/code-input.tsx';
import { useFormAction } from '@fieldhouse/client/sign-in/use-form-action.ts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { useState } from 'react';
import { toast } from 'sonner';

/**
 * Self sign-up, then the e-mailed confirmation code. An account alone does not open the web
 * app: the athletic department links it to a staff profile (decision 006).
 */
export function RegisterForm({
  initialStep = 'details',
  initialUsername = '',
}: {
  initialStep?: 'details' | 'confirm';
  initialUsername?: string;
}) {
  const [step, setStep] = useState<'details' | 'confirm' | 'done'>(initialStep);
  const [email, setEmail] = useState(initialUsername);
  const { error, loading, run } = useFormAction();
  const details = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '' },
    validate: {
      firstName: (v) => (v.trim() ? null : 'Please enter your first name'),
      email: (v) => (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.trim()) ? null : 'Please enter a valid e-mail'),
      password: (v) => (v.length >= 8 ? null : 'Password must be at least 8 characters long'),
    },
  });
  const confirm = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (/^\d{6}$/.test(v) ? null : 'Enter the 6-digit code from the e-mail') },
  });

  const register = details.onSubmit((values) =>
    run(async () => {
      const address = values.email.trim().toLowerCase();
      await signUp({
        username: address,
        password: values.password,
        options: {
          userAttributes: { email: address, given_name: values.firstName.trim(), family_name: values.lastName.trim() },
        },
      });
      setEmail(address);
      setStep('confirm');
    }),
  );

  const confirmCode = confirm.onSubmit(({ code }) =>
    run(async () => {
      await confirmSignUp({ username: email, confirmationCode: code });
      setStep('done');
    }),
  );

  if (step === 'done') {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title="Your account is confirmed">
          Your athletic department gives access to Fieldhouse. Once they have added you, sign in with this e-mail and
          password.
        </Alert>
        <Button renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}>
          Go to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" title="Something needs attention">
          {error}
        </Alert>
      )}
      {step === 'details' ? (
        <form onSubmit={register} noValidate>
          <Stack gap="md">
            <Group grow>
              <TextInput label="First name" autoComplete="given-name" {...details.getInputProps('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" {...details.getInputProps('lastName')} />
            </Group>
            <TextInput label="E-mail" type="email" autoComplete="email" {...details.getInputProps('email')} />
            <PasswordInput
              label="Password"
              description="At least 8 characters with upper- and lower-case letters and a number."
              autoComplete="new-password"
              {...details.getInputProps('password')}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Create account
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={confirmCode} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter the 6-digit code we e-mailed to {email || 'you'}.</Text>
            <CodeInput label="Confirmation code" {...confirm.getInputProps('code')} />
            <Button type="submit" loading={loading} fullWidth size="md">
              Confirm account
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() =>
                run(async () => {
                  await resendSignUpCode({ username: email });
                  toast.success('A new code is on its way.');
                })
              }
            >
              Send a new code
            </Anchor>
          </Stack>
        </form>
      )}
      <Anchor
        ta="center"
        size="sm"
        renderRoot={(props) => <Link to="/auth/sign-in" search={{ redirect: '/' }} {...props} />}
      >
        Already have an account? Sign in
      </Anchor>
    </Stack>
  );
}
