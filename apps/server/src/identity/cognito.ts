/**
 * IDENTITY_MODE=cognito: a district's real Amazon Cognito pool. Tokens are verified against the
 * pool's JWKS with aws-jwt-verify; account changes go through Cognito's admin API (AWS SDK, with
 * the default AWS credential chain). Nothing else in the app changes.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { CreateIdentityUser, IdentityAdmin, IdentityUser } from './admin.ts';
import { IdentityError, notAuthorized } from './errors.ts';
import type { SessionEvents } from './session-events.ts';

type CognitoOptions = { region: string; userPoolId: string; clientId: string };

export class CognitoIdentityAdmin implements IdentityAdmin {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly options: CognitoOptions,
    private readonly events: SessionEvents,
  ) {
    this.client = new CognitoIdentityProviderClient({ region: options.region });
  }

  /** Cognito's errors become IdentityErrors of the same name: one HTTP mapping serves both modes. */
  private async call<Output>(run: (pool: { UserPoolId: string }) => Promise<Output>): Promise<Output> {
    try {
      return await run({ UserPoolId: this.options.userPoolId });
    } catch (error) {
      if (error instanceof CognitoIdentityProviderServiceException) throw new IdentityError(error.name, error.message);
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
        new AdminCreateUserCommand({
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
        new AdminSetUserPasswordCommand({ ...pool, Username: sub, Password: password, Permanent: permanent }),
      ),
    );
  }

  /** As in the embedded pool, a password an administrator sets ends the person's sign-ins. */
  async setUserPassword(sub: string, password: string, permanent: boolean) {
    await this.setPassword(sub, password, permanent);
    await this.globalSignOut(sub);
  }

  async disableUser(sub: string) {
    await this.call((pool) => this.client.send(new AdminDisableUserCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async enableUser(sub: string) {
    await this.call((pool) => this.client.send(new AdminEnableUserCommand({ ...pool, Username: sub })));
  }

  async deleteUser(sub: string) {
    await this.call((pool) => this.client.send(new AdminDeleteUserCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async resetUserPassword(sub: string) {
    await this.call((pool) => this.client.send(new AdminResetUserPasswordCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async globalSignOut(sub: string) {
    await this.call((pool) => this.client.send(new AdminUserGlobalSignOutCommand({ ...pool, Username: sub })));
    await this.events.emit({ sub });
  }

  async resendInvite(sub: string) {
    await this.call((pool) =>
      this.client.send(
        new AdminCreateUserCommand({
          ...pool,
          Username: sub,
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      ),
    );
  }

  async getUser(sub: string): Promise<IdentityUser> {
    const user = await this.call((pool) => this.client.send(new AdminGetUserCommand({ ...pool, Username: sub })));
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

export function cognitoVerifier(options: CognitoOptions) {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    clientId: options.clientId,
    tokenUse: null,
  });
  return async (token: string) => {
    try {
      const claims = await verifier.verify(token);
      return { sub: String(claims.sub), claims: claims as unknown as Record<string, unknown> };
    } catch {
      throw notAuthorized('Invalid token');
    }
  };
}
