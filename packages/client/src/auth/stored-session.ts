/**
 * Amplify's record of who is signed in on this browser: a local storage key
 * `CognitoIdentityServiceProvider.<client id>.LastAuthUser` holding the username. Read by the
 * member app's offline snapshot (whose copy is it?) and, before any script, by both apps' pages
 * (their vite.config.ts: preload the signed-in landing screen?).
 */
export const SESSION_KEY = { prefix: 'CognitoIdentityServiceProvider.', suffix: '.LastAuthUser' } as const;

export const isSessionKey = (key: string | null): key is string =>
  Boolean(key?.startsWith(SESSION_KEY.prefix) && key.endsWith(SESSION_KEY.suffix));

/** The same test as an expression for the page's own inline script, which runs before the app's. */
export const SESSION_STORED_JS = `Object.keys(localStorage).some((key) => key.startsWith(${JSON.stringify(SESSION_KEY.prefix)}) && key.endsWith(${JSON.stringify(SESSION_KEY.suffix)}))`;

/**
 * Page JavaScript: this visit will show the sign-in screen of the app served under `base` — its
 * address, or any address outside its auth pages without a stored session (the guard sends it there).
 */
export const signInVisitJs = (base: '/' | '/m/') =>
  `location.pathname === '${base}auth/sign-in' || !(location.pathname.startsWith('${base}auth/') || ${SESSION_STORED_JS})`;
