/**
 * IDENTITY_MODE=cognito: a district's real Amazon Cognito pool. Tokens are verified against the
 * pool's JWKS with aws-jwt-verify; account changes go through Cognito's admin API (AWS SDK, with
 * the default AWS credential chain). Nothing else in the app changes.
 * COGNITO_ENDPOINT points both at a Cognito-compatible server instead (cognito-local in tests):
 * its tokens are issued by `<endpoint>/<pool id>` and its keys are at that issuer's JWKS.
 */
import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { CreateIdentityUser, IdentityAdmin, IdentityUser } from './admin.ts';
import { IdentityError, notAuthorized } from './errors.ts';
import type { SessionEvents } from './session-events.ts';

type CognitoOptions = { region: string; userPoolId: string; clientId: string; endpoint?: string | undefined };

export class CognitoIdentityAdmin implements IdentityAdmin {
  private readonly client: CognitoSdk.CognitoIdentityProviderClient;

  /** The AWS SDK loads here, for an install on Cognito only: every other start saves its ~80 ms. */
  static async open(options: CognitoOptions, events: SessionEvents) {
    return new CognitoIdentityAdmin(options, events, await import('@aws-sdk/client-cognito-identity-provider'));
  }

  private constructor(
    private readonly options: CognitoOptions,
    private readonly events: SessionEvents,
    private readonly sdk: typeof CognitoSdk,
  ) {
    this.client = new sdk.CognitoIdentityProviderClient({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    });
  }

  /** Cognito's errors become IdentityErrors of the same name: one HTTP mapping serves both modes. */
  private async call<Output>(run: (pool: { UserPoolId: string }) => Promise<Output>): Promise<Output> {
    try {
      return await run({ UserPoolId: this.options.userPoolId });
    } catch (error) {
      if (error instanceof this.sdk.CognitoIdentityProviderServiceException)
        throw new IdentityError(error.name, error.message);
      throw error;
    }
  }

  private attributes(input: CreateIdentityUser) {
    return [
      { Name: 'email', Value: input.email },
      { Name: 'email_verified', Value: 'true' },
      ...(input.givenName ? [{ Name: 'given_name', Value: input.givenName }] : []),
      ...(input.familyName ? [{ Name: 'family_name', Value: input.familyName }] : []),
    ];
  }

  async createUser(input: CreateIdentityUser) {
    const result = await this.call((pool) =>
      this.client.send(
        new this.sdk.AdminCreateUserCommand({
          ...pool,
          Username: input.email,
          UserAttributes: this.attributes(input),
          DesiredDeliveryMediums: ['EMAIL'],
          ...(input.password ? { MessageAction: 'SUPPRESS' as const } : {}),
        }),
      ),
    );
    const sub = result.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito returned no sub for the new user');
    if (input.password) await this.setPassword(sub, input.password, true);
    return { sub };
  }

  async createUsersWithPassword(inputs: CreateIdentityUser[], password: string) {
    const subs: string[] = [];
    for (const input of inputs) subs.push((await this.createUser({ ...input, password })).sub);
    return subs;
  }

  private setPassword(sub: string, password: string, permanent: boolean) {
    return this.call((pool) =>
      this.client.send(
        new this.sdk.AdminSetUserPasswordCommand({ ...pool, Username: sub, Password: password, Permanent: permanent }),
      ),
    );
  }

  /** As in the embedded pool, a password an administrator sets ends the person's sign-ins. */
  async setUserPassword(sub: string, password: string, permanent: boolean) {
    await this.setPassword(sub, password, permanent);
    await this.globalSignOut(sub);
  }

  async disableUser(sub: string) {
    await this.call((pool) => this.client.send(new this.sdk.AdminDisableUserCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async enableUser(sub: string) {
    await this.call((pool) => this.client.send(new this.sdk.AdminEnableUserCommand({ ...pool, Username: sub })));
  }

  async deleteUser(sub: string) {
    await this.call((pool) => this.client.send(new this.sdk.AdminDeleteUserCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async resetUserPassword(sub: string) {
    await this.call((pool) => this.client.send(new this.sdk.AdminResetUserPasswordCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async globalSignOut(sub: string) {
    await this.call((pool) => this.client.send(new this.sdk.AdminUserGlobalSignOutCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async changeEmail(sub: string, email: string) {
    await this.call((pool) =>
      this.client.send(
        new this.sdk.AdminUpdateUserAttributesCommand({
          ...pool,
          Username: sub,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      ),
    );
  }

  async resendInvite(sub: string) {
    await this.call((pool) =>
      this.client.send(
        new this.sdk.AdminCreateUserCommand({
          ...pool,
          Username: sub,
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      ),
    );
  }

  async getUser(sub: string): Promise<IdentityUser> {
    const user = await this.call((pool) =>
      this.client.send(new this.sdk.AdminGetUserCommand({ ...pool, Username: sub })),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    return {
      sub: attribute('sub') ?? sub,
      email: attribute('email') ?? '',
      status: user.UserStatus ?? 'UNKNOWN',
      enabled: user.Enabled ?? false,
      emailVerified: attribute('email_verified') === 'true',
      createdAt: user.UserCreateDate ?? new Date(0),
    };
  }
}

/**
 * aws-jwt-verify fetches keys over https only; a Cognito-compatible server on a private network
 * (cognito-local) often speaks http, so its JWKS comes through the platform's fetch.
 */
const anyProtocolFetcher: Fetcher = {
  fetch: async (uri) => {
    const res = await fetch(uri, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${uri} answered ${res.status}`);
    return res.arrayBuffer();
  },
};

/** Amazon Cognito's issuer and keys, or those of the Cognito-compatible server at `endpoint`. */
function createVerifier(options: CognitoOptions) {
  if (!options.endpoint) {
    return CognitoJwtVerifier.create({ userPoolId: options.userPoolId, clientId: options.clientId, tokenUse: null });
  }
  const issuer = `${options.endpoint.replace(/\/+$/, '')}/${options.userPoolId}`;
  return JwtVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      // The same checks as CognitoJwtVerifier: an id or access token of this app client.
      audience: null,
      customJwtCheck: ({ payload }) =>
        validateCognitoJwtFields(payload, { clientId: options.clientId, tokenUse: null }),
    },
    { jwksCache: new SimpleJwksCache({ fetcher: anyProtocolFetcher }) },
  );
}

export function cognitoVerifier(options: CognitoOptions) {
  const verifier = createVerifier(options);
  return async (token: string) => {
    try {
      const claims = await verifier.verify(token);
      return { sub: String(claims.sub), claims: claims as unknown as Record<string, unknown> };
    } catch {
      throw notAuthorized('Invalid token');
    }
  };
}
