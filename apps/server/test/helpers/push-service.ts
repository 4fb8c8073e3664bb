/**
 * A local push service for tests (decision 028): a plain HTTP server that takes what a push
 * service takes, checks the VAPID header (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the
 * JWT's `aud` is this server's origin) and decrypts the `aes128gcm` body (RFC 8188 and 8291)
 * with the private key of a browser subscription the test made. No part of web-push is used
 * here: this is the other side of the protocol, written from the RFCs with node:crypto.
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

export type ReceivedPush = {
  path: string;
  headers: IncomingMessage['headers'];
  /** The VAPID public key the sender signed with (base64url). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed. */
  payload: unknown;
};

export type Browser = {
  /** What `PushSubscription.toJSON()` would give. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

/** RFC 8291 §3.4 + RFC 8188 §2: one record, as web push sends it. */
export function decryptAes128gcm(body: Buffer, browser: Pick<Browser, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and then any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=…, k=…` and answers the key and the JWT's claims. */
export async function verifyVapid(header: string | undefined, origin: string) {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
    audience: origin,
    algorithms: ['ES256'],
  });
  return { vapidKey: key, claims: payload as ReceivedPush['claims'] };
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, Browser>();
  const errors: unknown[] = [];
  /** Status to answer per path (a browser that unsubscribed: 410); 201 otherwise. */
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '';
      const status = answers.get(path) ?? 201;
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`push to an unknown subscription ${path}`);
        if (request.method !== 'POST') throw new Error(`${request.method} instead of POST`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const { vapidKey, claims } = await verifyVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser).toString('utf8')) as unknown;
        if (status < 300) received.push({ path, headers: request.headers, vapidKey, claims, payload });
        response.writeHead(status).end();
      } catch (error) {
        errors.push(error);
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    errors,
    answers,
    /** A new browser subscription on this service: its keys are made here, like a browser's. */
    browser(): Browser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      const browser = {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        ecdh,
        auth,
      };
      browsers.set(path, browser);
      return browser;
    },
    pushesTo: (browser: Browser) => received.filter((push) => browser.subscription.endpoint === origin + push.path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
