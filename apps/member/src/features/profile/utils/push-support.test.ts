import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-support.ts';

describe('base64UrlToBytes', () => {
  it('reads a VAPID public key (65 bytes, base64url without padding)', () => {
    const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xfb)]);
    const bytes = base64UrlToBytes(key.toString('base64url'));
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).equals(key)).toBe(true);
  });
  it('reads the characters base64url uses in place of + and /', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
});
