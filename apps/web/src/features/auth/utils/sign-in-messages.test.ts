import { describe, expect, it } from 'vitest';
import { errorMessage, isDisabledAccountError, unsupportedStepMessage } from './sign-in-messages.ts';

describe('sign-in messages', () => {
  it('explains every MFA step clearly', () => {
    for (const step of [
      'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
      'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
      'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
      'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
      'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
      'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
    ]) {
      expect(unsupportedStepMessage(step)).toMatch(/multi-factor sign-in/);
    }
    expect(unsupportedStepMessage('SOMETHING_NEW')).toContain('SOMETHING_NEW');
  });

  it('recognizes a disabled account and words unknown errors', () => {
    const disabled = Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });
    expect(isDisabledAccountError(disabled)).toBe(true);
    expect(isDisabledAccountError(new Error('Incorrect username or password.'))).toBe(false);
    expect(errorMessage('weird')).toBe('An unknown error has occurred.');
    const limited = Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    expect(errorMessage(limited)).toBe('Too many sign-in attempts from this network. Wait a minute and try again.');
  });
});
