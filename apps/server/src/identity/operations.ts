/**
 * Cognito's JSON operations, validated and mapped onto the user pool. Field names and required
 * fields follow the Cognito API; unknown fields (ClientMetadata, UserContextData) are ignored.
 */
import { z } from 'zod';
import { IdentityError, invalidParameter } from './errors.ts';
import type { UserPool } from './user-pool.ts';

export type Operation = (input: unknown) => Promise<Record<string, unknown>>;

const nonEmpty = z.string().min(1);
const attributeList = z.array(z.object({ Name: nonEmpty, Value: z.string() })).default([]);

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'request';
  throw invalidParameter(
    `1 validation error detected: Value at '${field}' failed to satisfy constraint: ${issue?.message ?? 'invalid'}`,
  );
}

const initiateAuth = z.object({
  AuthFlow: nonEmpty,
  ClientId: nonEmpty,
  AuthParameters: z.record(z.string(), z.string()).default({}),
});

const respondToAuthChallenge = z.object({
  ChallengeName: nonEmpty,
  ClientId: nonEmpty,
  Session: z.string().optional(),
  ChallengeResponses: z.record(z.string(), z.string()).default({}),
});

/** Operations any client may call (Amplify, the AWS SDK, the coaches' apps). */
export function publicOperations(pool: UserPool): Record<string, Operation> {
  return {
    async InitiateAuth(input) {
      const { AuthFlow, ClientId, AuthParameters: p } = parse(initiateAuth, input);
      pool.checkClient(ClientId);
      switch (AuthFlow) {
        case 'USER_SRP_AUTH':
          if (!p.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
          if (!p.SRP_A) throw invalidParameter('Missing required parameter SRP_A');
          return pool.signIn.srpStart(p.USERNAME, p.SRP_A);
        case 'USER_PASSWORD_AUTH':
          if (!p.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
          if (!p.PASSWORD) throw invalidParameter('Missing required parameter PASSWORD');
          return pool.signIn.passwordAuth(p.USERNAME, p.PASSWORD, ClientId);
        case 'REFRESH_TOKEN_AUTH':
        case 'REFRESH_TOKEN': {
          const token = p.REFRESH_TOKEN;
          if (!token) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
          // Cognito does not rotate on this flow: the answer carries no new refresh token.
          return { AuthenticationResult: await pool.sessions.refresh(token, ClientId, false), ChallengeParameters: {} };
        }
        default:
          throw invalidParameter(`Unsupported auth flow ${AuthFlow} for this user pool client.`);
      }
    },

    async RespondToAuthChallenge(input) {
      const { ChallengeName, ClientId, Session, ChallengeResponses: r } = parse(respondToAuthChallenge, input);
      pool.checkClient(ClientId);
      if (ChallengeName === 'PASSWORD_VERIFIER') {
        for (const key of ['PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP']) {
          if (!r[key]) throw invalidParameter(`Missing required parameter ${key}`);
        }
        return pool.signIn.srpVerify(r, ClientId);
      }
      if (ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        if (!Session) throw invalidParameter('Missing required parameter Session');
        if (!r.NEW_PASSWORD) throw invalidParameter('Missing required parameter NEW_PASSWORD');
        return pool.signIn.completeNewPassword(Session, r.NEW_PASSWORD, ClientId);
      }
      throw invalidParameter(`Unsupported challenge ${ChallengeName}`);
    },

    async GetTokensFromRefreshToken(input) {
      const { ClientId, RefreshToken } = parse(z.object({ ClientId: nonEmpty, RefreshToken: nonEmpty }), input);
      pool.checkClient(ClientId);
      return { AuthenticationResult: await pool.sessions.refresh(RefreshToken, ClientId, true) };
    },

    async SignUp(input) {
      const { ClientId, Username, Password, UserAttributes } = parse(
        z.object({ ClientId: nonEmpty, Username: nonEmpty, Password: nonEmpty, UserAttributes: attributeList }),
        input,
      );
      pool.checkClient(ClientId);
      return pool.selfService.signUp(
        Username,
        Password,
        Object.fromEntries(UserAttributes.map((a) => [a.Name, a.Value])),
      );
    },

    async ConfirmSignUp(input) {
      const { ClientId, Username, ConfirmationCode } = parse(
        z.object({ ClientId: nonEmpty, Username: nonEmpty, ConfirmationCode: nonEmpty }),
        input,
      );
      pool.checkClient(ClientId);
      await pool.selfService.confirmSignUp(Username, ConfirmationCode);
      return {};
    },

    async ResendConfirmationCode(input) {
      const { ClientId, Username } = parse(z.object({ ClientId: nonEmpty, Username: nonEmpty }), input);
      pool.checkClient(ClientId);
      return { CodeDeliveryDetails: await pool.selfService.resendConfirmationCode(Username) };
    },

    async ForgotPassword(input) {
      const { ClientId, Username } = parse(z.object({ ClientId: nonEmpty, Username: nonEmpty }), input);
      pool.checkClient(ClientId);
      return { CodeDeliveryDetails: await pool.selfService.forgotPassword(Username) };
    },

    async ConfirmForgotPassword(input) {
      const { ClientId, Username, ConfirmationCode, Password } = parse(
        z.object({ ClientId: nonEmpty, Username: nonEmpty, ConfirmationCode: nonEmpty, Password: nonEmpty }),
        input,
      );
      pool.checkClient(ClientId);
      await pool.selfService.confirmForgotPassword(Username, ConfirmationCode, Password);
      return {};
    },

    async ChangePassword(input) {
      const { AccessToken, PreviousPassword, ProposedPassword } = parse(
        z.object({ AccessToken: nonEmpty, PreviousPassword: nonEmpty, ProposedPassword: nonEmpty }),
        input,
      );
      await pool.selfService.changePassword(AccessToken, PreviousPassword, ProposedPassword);
      return {};
    },

    async GetUser(input) {
      const { AccessToken } = parse(z.object({ AccessToken: nonEmpty }), input);
      return pool.selfService.getUser(AccessToken);
    },

    async RevokeToken(input) {
      const { ClientId, Token } = parse(z.object({ ClientId: nonEmpty, Token: nonEmpty }), input);
      pool.checkClient(ClientId);
      await pool.sessions.revokeByRefreshToken(Token, ClientId);
      return {};
    },

    async GlobalSignOut(input) {
      const { AccessToken } = parse(z.object({ AccessToken: nonEmpty }), input);
      await pool.selfService.globalSignOut(AccessToken);
      return {};
    },
  };
}

/** Operations that change or read other people's accounts: only for in-process callers or signed admin requests. */
export const ADMIN_OPERATION_PREFIX = 'Admin';

/** Sign-in style operations that an attacker could hammer: these count against the per-IP limit. */
export const RATE_LIMITED = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
]);

/**
 * How many hits an operation that succeeded takes back from the per-address limit. A school's
 * network is one address, so a class signing in together must not use up the limit; wrong
 * passwords and codes still count. An SRP sign-in's first step (a costly challenge, free to ask
 * for) is paid back only by its password step succeeding, so abandoned challenges count. The
 * operations that send mail (ForgotPassword, SignUp, ResendConfirmationCode) always count, or one
 * address could mail every account it can name.
 */
export function refundsOnSuccess(name: string, body: Record<string, unknown>): number {
  switch (name) {
    case 'InitiateAuth':
      return body.AuthFlow === 'USER_SRP_AUTH' ? 0 : 1;
    case 'RespondToAuthChallenge':
      return body.ChallengeName === 'PASSWORD_VERIFIER' ? 2 : 1;
    case 'ConfirmSignUp':
    case 'ConfirmForgotPassword':
    case 'ChangePassword':
      return 1;
    default:
      return 0;
  }
}

export const refuseAdmin = (): never => {
  throw new IdentityError('AccessDeniedException', 'Admin operations are not available to this client.');
};
