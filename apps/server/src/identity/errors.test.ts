import { describe, expect, it } from 'vitest';
import { IdentityError, identityHttpError } from './errors.ts';

describe('identityHttpError', () => {
  it('never answers 401 or 403, which the web reads as a session that ended', () => {
    for (const type of [
      'NotAuthorizedException',
      'UserNotFoundException',
      'UsernameExistsException',
      'InvalidPasswordException',
      'LimitExceededException',
      'AccessDeniedException',
    ]) {
      expect([401, 403]).not.toContain(identityHttpError(new IdentityError(type, 'x')).statusCode);
    }
  });

  it('keeps Cognito’s message where it is clear and replaces it where it is not', () => {
    expect(identityHttpError(new IdentityError('InvalidPasswordException', 'Password does not conform'))).toMatchObject(
      {
        statusCode: 400,
        message: 'Password does not conform',
      },
    );
    expect(identityHttpError(new IdentityError('UserNotFoundException', 'User does not exist.'))).toMatchObject({
      statusCode: 404,
      id: 'identity_user_not_found',
    });
  });

  it('treats anything else as the sign-in service failing', () => {
    expect(identityHttpError(new IdentityError('InternalErrorException', 'boom'))).toMatchObject({
      statusCode: 502,
      message: 'The sign-in service could not complete this request.',
    });
  });
});
