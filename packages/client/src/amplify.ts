import type { WebConfig } from '@fieldhouse/shared';
import { Amplify } from 'aws-amplify';

/** Points Amplify Auth at the configured pool: the embedded one (with its endpoint) or Cognito. */
export function configureAmplify(config: WebConfig) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.auth.userPoolId,
        userPoolClientId: config.auth.userPoolClientId,
        ...(config.auth.userPoolEndpoint ? { userPoolEndpoint: config.auth.userPoolEndpoint } : {}),
      },
    },
  });
}
