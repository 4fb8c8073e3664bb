import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { ConfirmSignUpForm } from './confirm-sign-up-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

describe('confirm sign-up form', () => {
  it('asks for a password, then for six characters, in the spec’s words', async () => {
    const user = userEvent.setup();
    await renderPage(<ConfirmSignUpForm />);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeTruthy();
  });

  it('links back to sign-in with redirect /', async () => {
    await renderPage(<ConfirmSignUpForm />);
    const link = await screen.findByRole('link', { name: 'Go Back to Sign In?' });
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirect=%2F');
  });

  it('has a show/hide toggle on the password', async () => {
    const user = userEvent.setup();
    await renderPage(<ConfirmSignUpForm />);
    const input = (await screen.findByLabelText('Password', { selector: 'input' })) as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: /toggle password visibility/i, hidden: true }));
    expect(input.type).toBe('text');
  });
});

describe('sign-in form', () => {
  it('explains empty fields without calling the pool', async () => {
    const user = userEvent.setup();
    await renderPage(<SignInForm redirect="/" />);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your username or e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
  });
});

describe('forgot password form', () => {
  it('needs the account before sending a code', async () => {
    const user = userEvent.setup();
    await renderPage(<ForgotPasswordForm redirect="/" />);
    await user.click(await screen.findByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Please enter your username or e-mail')).toBeTruthy();
  });
});
