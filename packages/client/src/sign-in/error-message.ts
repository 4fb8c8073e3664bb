/** The sentence a failed auth step shows: the error's own message, or a general one. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error has occurred.';

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : UNKNOWN_ERROR_MESSAGE;
