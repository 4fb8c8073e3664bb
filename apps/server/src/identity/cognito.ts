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
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { CreateIdentityUser, IdentityAdmin, IdentityUser } from './admin.ts';
import { notAuthorized } from './errors.ts';

type CognitoOptions = { region: string; userPoolId: string; clientId: string };

export class CognitoIdentityAdmin implements IdentityAdmin {
  private readonly client: CognitoIdentityProviderClient;

  constructor(private readonly options: CognitoOptions) {
    this.client = new CognitoIdentityProviderClient({ region: options.region });
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
    const result = await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: this.options.userPoolId,
        Username: input.email,
        UserAttributes: this.attributes(input),
        DesiredDeliveryMediums: ['EMAIL'],
        ...(input.password ? { MessageAction: 'SUPPRESS' as const } : {}),
      }),
    );
    const sub = result.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito returned no sub for the new user');
    if (input.password) await this.setUserPassword(sub, input.password, true);
    return { sub };
  }

  async createUsersWithPassword(inputs: CreateIdentityUser[], password: string) {
    const subs: string[] = [];
    for (const input of inputs) subs.push((await this.createUser({ ...input, password })).sub);
    return subs;
  }

  async setUserPassword(sub: string, password: string, permanent: boolean) {
    await this.client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: this.options.userPoolId,
        Username: sub,
        Password: password,
        Permanent: permanent,
      }),
    );
  }

  async disableUser(sub: string) {
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.options.userPoolId, Username: sub }));
  }

  async enableUser(sub: string) {
    await this.client.send(new AdminEnableUserCommand({ UserPoolId: this.options.userPoolId, Username: sub }));
  }

  async deleteUser(sub: string) {
    await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.options.userPoolId, Username: sub }));
  }

  async resetUserPassword(sub: string) {
    await this.client.send(new AdminResetUserPasswordCommand({ UserPoolId: this.options.userPoolId, Username: sub }));
  }

  async resendInvite(sub: string) {
    await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: this.options.userPoolId,
        Username: sub,
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
  }

  async getUser(sub: string): Promise<IdentityUser> {
    const user = await this.client.send(
      new AdminGetUserCommand({ UserPoolId: this.options.userPoolId, Username: sub }),
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
