import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides a calendar feed’s secret, which is the whole of its path', () => {
    expect(redactUrl('/api/calendar/feeds/8f3kQ2_x-Secret99.ics')).toBe('/api/calendar/feeds/[redacted].ics');
    expect(redactUrl('/api/calendar/feeds/8f3kQ2?download=1')).toBe('/api/calendar/feeds/[redacted]?download=1');
  });

  it('hides credential query values, whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/auth/reset?email=a%40b.org&code=123456&token=abc.def')).toBe(
      '/auth/reset?email=a%40b.org&code=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/x?Token=1&ID_TOKEN=2&%74oken=3&page=2&key')).toBe(
      '/x?Token=[redacted]&ID_TOKEN=[redacted]&%74oken=[redacted]&page=2&key',
    );
    expect(redactUrl('/files/a.png?X-Amz-Signature=deadbeef&X-Amz-Date=2026')).toBe(
      '/files/a.png?X-Amz-Signature=[redacted]&X-Amz-Date=2026',
    );
  });

  it('leaves ordinary URLs alone, malformed escapes included', () => {
    for (const url of ['/api/user/list?page=2&search=zoe', '/', '/api/calendar/feeds', '/x?%E0%A4%A=1&a=b']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
