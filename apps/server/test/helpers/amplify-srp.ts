/**
 * Amplify's own SRP client code (not re-exported publicly), loaded from the installed package so
 * the server's math is checked against exactly what browsers run.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const amplifyDir = dirname(require.resolve('aws-amplify/package.json'));
const authDir = dirname(require.resolve('@aws-amplify/auth/package.json', { paths: [amplifyDir] }));
const srpDir = join(authDir, 'dist/esm/providers/cognito/utils/srp');

type BigIntegerLike = { toString: (radix: number) => string };
type Helper = {
  A: BigIntegerLike;
  getPasswordAuthenticationKey: (input: {
    username: string;
    password: string;
    serverBValue: BigIntegerLike;
    salt: BigIntegerLike;
  }) => Promise<Uint8Array>;
};

type SrpModule = {
  getAuthenticationHelper: (poolName: string) => Promise<Helper>;
  getSignatureString: (input: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }) => string;
};

export async function loadAmplifySrp() {
  const srp = (await import(pathToFileURL(join(srpDir, 'index.mjs')).href)) as SrpModule;
  const { default: BigInteger } = (await import(pathToFileURL(join(srpDir, 'BigInteger/BigInteger.mjs')).href)) as {
    default: new (hex: string, radix: number) => BigIntegerLike;
  };
  return { ...srp, bigInteger: (hex: string) => new BigInteger(hex, 16) };
}
