/**
 * Amplify's record of who is signed in on this browser: a local storage key
 * `CognitoIdentityServiceProvider.<client id>.LastAuthUser` holding the username. Read by the offline
 * snapshot (whose copy is it?) and, before any script, by the page (vite.config.ts: preload Home?).
 */
export const SESSION_KEY = { prefix: 'CognitoIdentityServiceProvider.', suffix: '.LastAuthUser' } as const;

export const isSessionKey = (key: string | null): key is string =>
  Boolean(key?.startsWith(SESSION_KEY.prefix) && key.endsWith(SESSION_KEY.suffix));
