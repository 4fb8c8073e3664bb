/**
 * Sign-ins per second on the embedded pool over HTTP: USER_PASSWORD_AUTH (argon2id) and
 * USER_SRP_AUTH (two round trips, OpenSSL modexp), against GET /health as the baseline of the
 * same run, and the CPU time each takes. `node --import tsx bench/sign-in.ts [--seconds 5] [--concurrency 4]`.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { formatSrpTimestamp, g, k, modPowN, N, padHex, privateKeyX } from '../apps/server/src/identity/srp.ts';
import { startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '4' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const bench = await startBenchApp();
const { app, base, config, database } = bench;
const PASSWORD = 'Bench-Pass-1';
const email = `bench-${Date.now()}@school.example`;
const { sub } = await app.identity.admin.createUser({ email, password: PASSWORD });
const poolName = config.USER_POOL_ID.split('_')[1] as string;

const call = async (target: string, body: object) => {
  const res = await fetch(`${base}/api/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(JSON.stringify(json));
  return json as { ChallengeParameters: Record<string, string>; AuthenticationResult?: object };
};

const ClientId = config.USER_POOL_CLIENT_ID;
const passwordSignIn = () =>
  call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD } });

/** A minimal SRP client (the same math as Amplify's, verified against it in srp.test.ts). */
async function srpSignIn() {
  const a = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const A = modPowN(g, a);
  const { ChallengeParameters: p } = await call('InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId,
    AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
  });
  const B = BigInt(`0x${p.SRP_B}`);
  const u = BigInt(
    `0x${createHash('sha256')
      .update(Buffer.from(padHex(A) + padHex(B), 'hex'))
      .digest('hex')}`,
  );
  const x = privateKeyX(poolName, sub, PASSWORD, p.SALT as string);
  const base = (((B - ((k * modPowN(g, x)) % N)) % N) + N) % N;
  const S = modPowN(base, a + u * x);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  const K = createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
  const timestamp = formatSrpTimestamp(new Date());
  const signature = createHmac('sha256', K)
    .update(
      Buffer.concat([
        Buffer.from(poolName),
        Buffer.from(sub),
        Buffer.from(p.SECRET_BLOCK as string, 'base64'),
        Buffer.from(timestamp),
      ]),
    )
    .digest('base64');
  const done = await call('RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId,
    ChallengeResponses: {
      USERNAME: sub,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
      PASSWORD_CLAIM_SIGNATURE: signature,
      TIMESTAMP: timestamp,
    },
  });
  if (!done.AuthenticationResult) throw new Error('SRP sign-in did not finish');
}

async function rate(label: string, fn: () => Promise<unknown>) {
  // One untimed call first: one-off costs (Node 24+ validates the prime when the process's
  // Diffie-Hellman object is made, ~2 s) are not the steady rate.
  await fn();
  const cpuBefore = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await fn();
        count++;
      }
    }),
  );
  const perSecond = count / seconds;
  // CPU time of this process (server, client and their threads) per operation: unlike the rate,
  // it hardly moves when other work shares the machine.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / count;
  process.stdout.write(
    `${label.padEnd(32)} ${perSecond.toFixed(1).padStart(8)} /s ${cpuMs.toFixed(2).padStart(8)} ms CPU each\n`,
  );
  return perSecond;
}

process.stdout.write(`${database.kind}, ${concurrency} concurrent clients, ${seconds} s each\n`);
const health = await rate('GET /health (baseline)', () => fetch(`${base}/health`).then((r) => r.arrayBuffer()));
const password = await rate('USER_PASSWORD_AUTH sign-ins', passwordSignIn);
const srp = await rate('USER_SRP_AUTH sign-ins', srpSignIn);
process.stdout.write(
  `password sign-in costs ${(health / password).toFixed(0)}× a health check; SRP ${(health / srp).toFixed(0)}×\n`,
);
await bench.close();
