/**
 * Amplify's sign-in flow (the SRP math and its challenges, about 12 KB brotli), loaded when
 * someone starts signing in rather than with the sign-in page (docs/benchmarks.md).
 */
export { confirmSignUp, signIn } from 'aws-amplify/auth';
