/** Toasts of SPEC §8 for a refused sign-in, and messages for steps this app cannot finish. */
export const BLOCKED_MESSAGE = 'Your account is blocked.';
export const NOT_AUTHORIZED_MESSAGE = 'User is not authorized to sign in.';

const MFA_STEPS: Record<string, string> = {
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'a text-message code',
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'an authenticator app code',
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: 'an e-mailed code',
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: 'a choice of second factor',
  CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION: 'setting up a second factor',
  CONTINUE_SIGN_IN_WITH_TOTP_SETUP: 'setting up an authenticator app',
  CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: 'setting up e-mail codes',
};

/** A clear sentence for a sign-in step the web app does not complete (never a blank screen). */
export function unsupportedStepMessage(step: string): string {
  const mfa = MFA_STEPS[step];
  if (mfa) {
    return `Your account asks for multi-factor sign-in (${mfa}), which the Fieldhouse web app does not support yet. Ask your administrator to turn it off for your account.`;
  }
  if (
    step === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' ||
    step === 'CONFIRM_SIGN_IN_WITH_PASSWORD' ||
    step === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'
  ) {
    return 'Your user pool asks for a sign-in method the Fieldhouse web app does not support. Contact your administrator.';
  }
  return `Sign-in stopped at an unexpected step (${step}). Contact your administrator.`;
}

/** Identity errors that mean the account itself is switched off. */
export const isDisabledAccountError = (error: unknown) =>
  error instanceof Error && error.name === 'NotAuthorizedException' && /disabled/i.test(error.message);

// Shared with the member app (@fieldhouse/client).
export { errorMessage, UNKNOWN_ERROR_MESSAGE } from '@fieldhouse/client/sign-in/error-message.ts';
