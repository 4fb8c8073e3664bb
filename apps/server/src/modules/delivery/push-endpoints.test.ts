import { describe, expect, it } from 'vitest';
import { allowedPushEndpoint } from './push-endpoints.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';
import { publicKeyOf, vapidSubject } from './vapid-keys.ts';

const HOSTS = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1'];

describe('allowedPushEndpoint', () => {
  it('takes listed push services over https, subdomains for a *. entry', () => {
    expect(allowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', HOSTS)).toBe(true);
    expect(allowedPushEndpoint('https://web.push.apple.com/QGuQ', HOSTS)).toBe(true);
    expect(allowedPushEndpoint('https://push.apple.com/x', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('https://evilpush.apple.com.attacker.example/x', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('https://fcm.googleapis.com.attacker.example/x', HOSTS)).toBe(false);
    // On 443 only: another port of a listed host is not its push service.
    expect(allowedPushEndpoint('https://fcm.googleapis.com:443/fcm/send/abc', HOSTS)).toBe(true);
    expect(allowedPushEndpoint('https://fcm.googleapis.com:25/fcm/send/abc', HOSTS)).toBe(false);
  });

  it('takes http only for a loopback host listed by name, and nothing with credentials', () => {
    expect(allowedPushEndpoint('http://127.0.0.1:9999/push/1', HOSTS)).toBe(true);
    expect(allowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('http://127.0.0.2/push', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('http://localhost/push', ['*.localhost', 'localhost'])).toBe(true);
    expect(allowedPushEndpoint('https://user:pw@fcm.googleapis.com/x', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('ftp://fcm.googleapis.com/x', HOSTS)).toBe(false);
    expect(allowedPushEndpoint('not a url', HOSTS)).toBe(false);
  });
});

describe('unsubscribe tokens', () => {
  const tokens = unsubscribeTokens(Buffer.alloc(32, 7));
  it('read back the user they were made for, and nothing altered', () => {
    const token = tokens.make(42);
    expect(tokens.read(token)).toBe(42);
    expect(tokens.read(token.replace('v1.42.', 'v1.43.'))).toBeNull();
    expect(tokens.read(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(unsubscribeTokens(Buffer.alloc(32, 8)).read(token)).toBeNull();
    expect(tokens.read('')).toBeNull();
    expect(tokens.read('v1.0.x')).toBeNull();
  });
});

describe('VAPID', () => {
  it('derives the public key of a private one and defaults the subject to MAIL_FROM', () => {
    const privateKey = Buffer.alloc(32, 1).toString('base64url');
    expect(publicKeyOf(privateKey)).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(vapidSubject({ VAPID_SUBJECT: undefined, MAIL_FROM: 'Athletics <ad@westfield.example>' })).toBe(
      'mailto:ad@westfield.example',
    );
    expect(vapidSubject({ VAPID_SUBJECT: undefined, MAIL_FROM: 'nonsense' })).toBe('mailto:no-reply@fieldhouse.local');
    expect(vapidSubject({ VAPID_SUBJECT: 'https://westfield.example', MAIL_FROM: 'x' })).toBe(
      'https://westfield.example',
    );
  });
});
