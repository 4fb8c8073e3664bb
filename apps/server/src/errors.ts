/**
 * Error factories. Every failure leaves the server as `{statusCode, message}` (SPEC §3); `id` is
 * a stable machine-readable name for logs and clients that need to branch.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly id: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Bad request', id = 'bad_request') => new HttpError(400, message, id);
/** SPEC §8: a 401 or 403 from any call reads as 'Unauthorized' on the client. */
export const unauthorized = (message = 'Unauthorized', id = 'unauthorized') => new HttpError(401, message, id);
export const forbidden = (message = 'Forbidden', id = 'forbidden') => new HttpError(403, message, id);
export const notFound = (what = 'Resource', id = 'not_found') => new HttpError(404, `${what} not found`, id);
export const conflict = (message: string, id = 'conflict') => new HttpError(409, message, id);
export const serviceUnavailable = (message = 'Service unavailable', id = 'unavailable') =>
  new HttpError(503, message, id);
