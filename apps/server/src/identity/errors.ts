/**
 * Cognito's error names (SPEC §8). Messages follow Cognito's wording where clients show them.
 */
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

