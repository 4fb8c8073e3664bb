import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadAmplifySrp } from '../../test/helpers/amplify-srp.ts';
import {
  claimSignature,
  createVerifier,
  formatSrpTimestamp,
  g,
  modPowBig,
  modPowN,
  N,
  padHex,
  parseSrpTimestamp,
  serverChallenge,
  sessionKey,
} from './srp.ts';

const POOL = 'fieldhouse';

/** One login: Amplify's client against our server math. Returns whether the signatures agree. */
async function login(password: string, attempt: string, salt: Buffer) {
  const amplify = await loadAmplifySrp();
  const userId = '0b8c3f5e-2a44-4a8f-9d61-1f2e3d4c5b6a';
  const { verifier, salt: saltHex } = createVerifier(POOL, userId, password, salt);
  const helper = await amplify.getAuthenticationHelper(POOL);
  const A = BigInt(`0x${helper.A.toString(16)}`);
  const { b, B } = serverChallenge(verifier);
  const secretBlock = randomBytes(64).toString('base64');
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: userId,
    password: attempt,
    serverBValue: amplify.bigInteger(B.toString(16)),
    salt: amplify.bigInteger(saltHex),
  });
  const dateNow = formatSrpTimestamp(new Date());
  const clientSignature = amplify.getSignatureString({
    userPoolName: POOL,
    username: userId,
    challengeParameters: { SECRET_BLOCK: secretBlock },
    dateNow,
    hkdf,
  });
  const key = sessionKey(A, B, b, verifier);
  if (!key) return false;
  return claimSignature(key, POOL, userId, secretBlock, dateNow).toString('base64') === clientSignature;
}

describe('SRP against Amplify’s client code', () => {
  it('pads hex the way Java BigInteger does', () => {
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(0x8abcn)).toBe('008abc');
  });

  it('agrees on random logins, including salts that start with 00 or 8x bytes', async () => {
    const salts = [
      Buffer.concat([Buffer.from([0x00, 0x7f]), randomBytes(14)]),
      Buffer.concat([Buffer.from([0x00, 0x00]), randomBytes(14)]),
      Buffer.concat([Buffer.from([0x80]), randomBytes(15)]),
      Buffer.concat([Buffer.from([0x8f]), randomBytes(15)]),
      Buffer.concat([Buffer.from([0xff]), randomBytes(15)]),
    ];
    for (let i = 0; i < 55; i++) salts.push(randomBytes(16));
    const failures: string[] = [];
    for (const [i, salt] of salts.entries()) {
      const password = i % 3 === 0 ? `Pässwörd-${i}-✓` : `Password-${i}`;
      if (!(await login(password, password, salt))) failures.push(salt.toString('hex'));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a wrong password', async () => {
    for (let i = 0; i < 10; i++) {
      expect(await login('Correct-Horse-1', `Correct-Horse-${i + 2}`, randomBytes(16))).toBe(false);
    }
  });

  it('reads and writes Amplify’s timestamp format', () => {
    const date = new Date(Date.UTC(2026, 10, 1, 4, 2, 5));
    expect(formatSrpTimestamp(date)).toBe('Sun Nov 1 04:02:05 UTC 2026');
    expect(parseSrpTimestamp('Sun Nov 1 04:02:05 UTC 2026')?.getTime()).toBe(date.getTime());
    expect(parseSrpTimestamp('2026-11-01T04:02:05Z')).toBeNull();
  });

  // g^x goes through a Diffie-Hellman object, other bases through RSA's raw public operation, and
  // what OpenSSL refuses (exponent 1, say) through BigInt: every path must give the exact power.
  it('computes modular powers exactly for any base, on every Node version', () => {
    const big = (n: number) => BigInt(`0x${randomBytes(n).toString('hex')}`);
    const cases: [bigint, bigint][] = [
      [0n, 5n],
      [1n, big(32)],
      [N - 1n, 3n],
      [N - 1n, 4n],
      [N + 5n, big(32)],
      [g, big(32)],
      [5n, big(32)],
      [big(384) % N, 1n],
      [big(384) % N, 2n],
      // a + u·x on the client side: a 512-bit exponent.
      [big(384) % N, big(64)],
    ];
    for (let i = 0; i < 60; i++) cases.push([big(384) % N, big(i % 2 ? 32 : 1) + 1n]);
    for (const [base, exp] of cases) expect(modPowN(base, exp)).toBe(modPowBig(base, exp));
  });
});
