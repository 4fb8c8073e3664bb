/**
 * Cognito's error names (SPEC §8). Messages follow Cognito's wording where clients show them.
 */
import { HttpError } from '../errors.ts';

export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

const make = (type: string) => (message: string) => new IdentityError(type, message);

export const notAuthorized = make('NotAuthorizedException');
export const invalidParameter = make('InvalidParameterException');
export const invalidPassword = make('InvalidPasswordException');
export const userNotFound = make('UserNotFoundException');
export const userNotConfirmed = make('UserNotConfirmedException');
export const passwordResetRequired = make('PasswordResetRequiredException');
export const usernameExists = make('UsernameExistsException');
export const codeMismatch = make('CodeMismatchException');
export const expiredCode = make('ExpiredCodeException');
export const limitExceeded = make('LimitExceededException');
export const tooManyRequests = make('TooManyRequestsException');
export const resourceNotFound = make('ResourceNotFoundException');
export const unsupportedOperation = make('UnsupportedOperationException');
export const unsupportedUserState = make('UnsupportedUserStateException');

export const WRONG_CREDENTIALS = 'Incorrect username or password.';

type HttpMeaning = { status: number; id: string; message?: string };

/**
 * What each identity error means to a REST caller (an administrator's screen), in one table:
 * the status and stable id, and a message saying what happened when Cognito's own is unclear
 * out of context. Errors that are the server's or the pool's fault leave as 502 and are logged.
 * Never 401 or 403: the web reads those as "your session ended" (SPEC §8).
 */
const HTTP_MEANINGS: Record<string, HttpMeaning> = {
  UserNotFoundException: {
    status: 404,
    id: 'identity_user_not_found',
    message: 'This person has no sign-in account (it may have been deleted).',
  },
  UsernameExistsException: {
    status: 409,
    id: 'identity_username_exists',
    message: 'This e-mail address already has a sign-in account.',
  },
  AliasExistsException: {
    status: 409,
    id: 'identity_username_exists',
    message: 'This e-mail address already has a sign-in account.',
  },
  UnsupportedUserStateException: { status: 409, id: 'identity_user_state' },
  NotAuthorizedException: { status: 409, id: 'identity_not_allowed' },
  UserNotConfirmedException: { status: 409, id: 'identity_user_not_confirmed' },
  PasswordResetRequiredException: { status: 409, id: 'identity_password_reset_required' },
  InvalidPasswordException: { status: 400, id: 'identity_invalid_password' },
  InvalidParameterException: { status: 400, id: 'identity_invalid_parameter' },
  CodeMismatchException: { status: 400, id: 'identity_code_mismatch' },
  ExpiredCodeException: { status: 400, id: 'identity_code_expired' },
  LimitExceededException: {
    status: 429,
    id: 'identity_limit_exceeded',
    message: 'The sign-in service is refusing more requests for now; try again in a few minutes.',
  },
  TooManyRequestsException: {
    status: 429,
    id: 'identity_limit_exceeded',
    message: 'The sign-in service is refusing more requests for now; try again in a few minutes.',
  },
};

/** The HTTP error an identity error means; anything not in the table is the sign-in service failing (502). */
export function identityHttpError(error: IdentityError): HttpError {
  const meaning = HTTP_MEANINGS[error.type];
  if (!meaning) return new HttpError(502, 'The sign-in service could not complete this request.', 'identity_failed');
  return new HttpError(meaning.status, meaning.message ?? error.message, meaning.id);
}
