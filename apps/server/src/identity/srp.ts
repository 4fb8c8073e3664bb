/**
 * Cognito's SRP-6a variant, server side, exactly as Amplify's client computes it
 * (IDENTITY-NOTES §5). Hex follows Java's BigInteger.toByteArray: minimal, even length, and a
 * leading 00 when the first nibble is ≥ 8. Getting that padding wrong fails ~1% of logins.
 * Modular exponentiation uses OpenSSL: a Diffie-Hellman object over the pool prime for g^x, and
 * RSA's raw public operation for any other base (see modPowN).
 */
import {
  constants,
  createDiffieHellman,
  createHash,
  createHmac,
  createPublicKey,
  type DiffieHellman,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;
const N_BYTES = Buffer.from(N_HEX, 'hex');

/** Java BigInteger.toByteArray as hex (non-negative values only). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  else if ('89abcdef'.includes(hex[0] as string)) hex = `00${hex}`;
  return hex;
}

const bytes = (hex: string) => Buffer.from(hex, 'hex');
const toBig = (buf: Buffer) => (buf.length === 0 ? 0n : BigInt(`0x${buf.toString('hex')}`));
const sha256 = (...parts: (Buffer | string)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const hashHex = (...parts: (Buffer | string)[]) => sha256(...parts).toString('hex');

/** k = H(padHex(N) ‖ padHex(g)). */
export const k = toBig(sha256(bytes(padHex(N)), bytes(padHex(g))));

/**
 * One Diffie-Hellman object over the pool prime for the whole process: Node 24+ validates the
 * prime whenever one is created (1.5–3 s for 3072 bits), so a fresh object per call made
 * sign-in unusable there. Calls are synchronous, so sharing it is safe.
 */
let sharedDh: DiffieHellman | undefined;
const poolDh = () => {
  sharedDh ??= createDiffieHellman(N_BYTES, Buffer.from([2]));
  return sharedDh;
};

/** Square-and-multiply in BigInt: the fallback when OpenSSL refuses a base. */
export function modPowBig(base: bigint, exp: bigint): bigint {
  let result = 1n;
  let b = base % N;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % N;
    e >>= 1n;
    b = (b * b) % N;
  }
  return result;
}

/** N as an RSA modulus (JWK, base64url): RSA's public operation is m^e mod n. */
const N_JWK = N_BYTES.toString('base64url');

/** base^exp mod N as RSA's raw public operation (no padding); undefined where OpenSSL refuses it. */
function modPowRsa(base: bigint, exp: bigint): bigint | undefined {
  try {
    const key = createPublicKey({
      key: { kty: 'RSA', n: N_JWK, e: bytes(padHex(exp)).toString('base64url') },
      format: 'jwk',
    });
    const input = bytes(base.toString(16).padStart(N_BYTES.length * 2, '0'));
    return toBig(publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, input));
  } catch {
    return undefined;
  }
}

/**
 * base^exp mod N through OpenSSL (about 10× faster than BigInt at these sizes). g^exp is the
 * Diffie-Hellman object's `generateKeys`, which runs in constant time: its exponents are the
 * long-lived secrets (x, from the password). Any other base goes through RSA's public operation:
 * `computeSecret` would check that the base lies in the prime-order subgroup, which on Node 22
 * (OpenSSL knows N as the RFC 3526 group) is a second, 3071-bit exponentiation per call — 25 ms
 * instead of 1 ms, and SRP sign-in three times slower than on Node 24 (decision 015). Those
 * exponents are the server's ephemeral b, used once, and public values (u). Values OpenSSL still
 * refuses are done in BigInt.
 */
export function modPowN(base: bigint, exp: bigint): bigint {
  if (exp === 0n) return 1n;
  if (base === g) {
    const dh = poolDh();
    dh.setPrivateKey(bytes(padHex(exp)));
    dh.generateKeys();
    return toBig(dh.getPublicKey());
  }
  const reduced = base % N;
  return modPowRsa(reduced, exp) ?? modPowBig(reduced, exp);
}

/** x = H(padHex(salt) ‖ H_hex(poolName ‖ userId ‖ ':' ‖ password)). */
export function privateKeyX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = hashHex(`${poolName}${userId}:${password}`);
  return toBig(sha256(bytes(padHex(BigInt(`0x${saltHex}`))), bytes(inner)));
}

export type SrpCredentials = { salt: string; verifier: string };

/** Salt and verifier for a new password; the salt is random, so some start with 00 or 8x bytes. */
export function createVerifier(
  poolName: string,
  userId: string,
  password: string,
  salt: Buffer = randomBytes(16),
): SrpCredentials {
  const saltHex = salt.toString('hex');
  const x = privateKeyX(poolName, userId, password, saltHex);
  return { salt: saltHex, verifier: modPowN(g, x).toString(16) };
}

/** Whether `password` produces the stored verifier (used by USER_PASSWORD_AUTH's fallback checks). */
export function verifierMatches(poolName: string, userId: string, password: string, creds: SrpCredentials): boolean {
  return createVerifier(poolName, userId, password, bytes(creds.salt)).verifier === creds.verifier;
}

export type ServerChallenge = { b: bigint; B: bigint };

/** B = (k·v + g^b) mod N with a fresh secret b; B mod N must not be 0. */
export function serverChallenge(verifierHex: string): ServerChallenge {
  const v = BigInt(`0x${verifierHex}`);
  for (;;) {
    const b = toBig(randomBytes(32));
    const B = (k * v + modPowN(g, b)) % N;
    if (B !== 0n) return { b, B };
  }
}

export const isValidA = (A: bigint) => A > 0n && A % N !== 0n;

/** K: the 16-byte key both sides derive from S and u ("Caldera Derived Key" HKDF). */
export function sessionKey(A: bigint, B: bigint, b: bigint, verifierHex: string): Buffer | null {
  const u = toBig(sha256(bytes(padHex(A)), bytes(padHex(B))));
  if (u === 0n) return null;
  const v = BigInt(`0x${verifierHex}`);
  const S = modPowN((A * modPowN(v, u)) % N, b);
  const prk = createHmac('sha256', bytes(padHex(u)))
    .update(bytes(padHex(S)))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The PASSWORD_CLAIM_SIGNATURE a client holding the right password sends. */
export function claimSignature(key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string) {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest();
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Parses Amplify's TIMESTAMP ("Sat Nov 21 04:52:45 UTC 2026", day not zero-padded). */
export function parseSrpTimestamp(value: string): Date | null {
  const match = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!match) return null;
  const [, day, month, date, hh, mm, ss, year] = match;
  const monthIndex = MONTHS.indexOf(month as string);
  if (monthIndex < 0 || !DAYS.includes(day as string)) return null;
  const parsed = new Date(Date.UTC(Number(year), monthIndex, Number(date), Number(hh), Number(mm), Number(ss)));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Amplify's TIMESTAMP format for a date (used by tests acting as a client). */
export function formatSrpTimestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}
