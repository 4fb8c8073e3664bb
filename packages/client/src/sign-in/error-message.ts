/** The sentence a failed auth step shows: the error's own message, or a general one. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error has occurred.';
/** Cognito's own text for the per-address limit is "Rate exceeded"; say what to do instead. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many sign-in attempts from this network. Wait a minute and try again.';

export const errorMessage = (error: unknown) => {
  if (!(error instanceof Error)) return UNKNOWN_ERROR_MESSAGE;
  if (error.name === 'TooManyRequestsException') return TOO_MANY_ATTEMPTS_MESSAGE;
  return error.message || UNKNOWN_ERROR_MESSAGE;
};
