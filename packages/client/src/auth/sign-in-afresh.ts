/**
 * Amplify refuses a sign-in while it still holds a session (UserAlreadyAuthenticatedException)
 * before it looks at what was typed. Taken as success (SPEC §4's "already authenticated"), any
 * name and password let the next person on a shared device in as the one before, whenever that
 * session outlived the app's own check (a start-up that failed on the network or a 5xx). Only the
 * credentials just typed say who signs in: the held session is ended and the sign-in runs again.
 */
import { type SignInInput, type SignInOutput, signOut } from 'aws-amplify/auth';

export async function signInAfresh(
  signIn: (input: SignInInput) => Promise<SignInOutput>,
  input: SignInInput,
): Promise<SignInOutput> {
  try {
    return await signIn(input);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserAlreadyAuthenticatedException')) throw error;
  }
  await signOut().catch(() => {});
  return signIn(input);
}
