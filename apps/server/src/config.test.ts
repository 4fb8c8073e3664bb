import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/fieldhouse' });
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '/srv/fieldhouse/data', LOG_LEVEL: 'info', SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toMatch(/^Invalid configuration: PORT \(got "abc"\)/);
    }
  });

  it('refuses a database URL that is not PostgreSQL, without echoing it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:secret@db/x' })).toThrow(/DATABASE_URL: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:secret@db/x' })).not.toThrow(/secret/);
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' }).DATABASE_URL).toBe(
      'postgres://postgres@127.0.0.1:5432/x',
    );
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('needs the first administrator e-mail and password together', () => {
    expect(() => loadConfig({ FIELDHOUSE_ADMIN_EMAIL: 'ad@school.org' })).toThrow(/must be set together/);
    expect(() =>
      loadConfig({ FIELDHOUSE_ADMIN_EMAIL: 'not-an-email', FIELDHOUSE_ADMIN_PASSWORD: 'long-enough' }),
    ).toThrow(/FIELDHOUSE_ADMIN_EMAIL/);
  });

  it('keeps attachments on disk unless S3_BUCKET is set', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '' }).S3_BUCKET).toBeUndefined();
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: '' });
  });

  it('reads the S3 settings, with the prefix as a folder', () => {
    const config = loadConfig({
      S3_BUCKET: 'westfield-attachments',
      S3_ENDPOINT: 'https://minio.school.example:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/fieldhouse/attachments/',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret',
    });
    expect(config).toMatchObject({
      S3_BUCKET: 'westfield-attachments',
      S3_ENDPOINT: 'https://minio.school.example:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'fieldhouse/attachments/',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret',
    });
  });

  it('refuses bad S3 settings with one line naming the variable', () => {
    const fails = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loaded');
    };
    expect(fails({ S3_BUCKET: 'My_Bucket' })).toMatch(/^Invalid configuration: S3_BUCKET \(got "My_Bucket"\): /);
    expect(fails({ S3_BUCKET: 'b12', S3_ENDPOINT: 'ftp://files' })).toMatch(/^Invalid configuration: S3_ENDPOINT/);
    expect(fails({ S3_BUCKET: 'bucket', S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/S3_FORCE_PATH_STYLE \(got "yes"\)/);
    expect(fails({ S3_BUCKET: 'bucket', S3_PREFIX: 'a/../b' })).toMatch(/S3_PREFIX .*folder names/);
    expect(fails({ S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toBe(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    // Set without a bucket, the settings would silently leave files on one node's disk.
    expect(fails({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toBe(
      'Invalid configuration: S3_ENDPOINT, S3_FORCE_PATH_STYLE are set but S3_BUCKET is not (S3_BUCKET turns the S3 attachment store on)',
    );
    expect(fails({ S3_BUCKET: 'bucket', S3_REGION: 'US East' })).toMatch(/^Invalid configuration: S3_REGION/);
  });

  it('reports every bad variable', () => {
    expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*\n.*LOG_LEVEL/);
  });
  it('takes web push and digest settings, VAPID keys only as a pair, never echoing the private key', () => {
    const keys = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
    };
    expect(loadConfig(keys)).toMatchObject(keys);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'secret!' })).toThrow(/VAPID_PRIVATE_KEY: /);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'secret!' })).not.toThrow(/secret!/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({}).PUSH_ENDPOINT_HOSTS).toContain('fcm.googleapis.com');
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Example.org, *.push.example.net ' }).PUSH_ENDPOINT_HOSTS).toEqual([
      'push.example.org',
      '*.push.example.net',
    ]);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'https://push.example.org/' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(loadConfig({})).toMatchObject({ DIGEST_AFTER_MINUTES: 60, DIGEST_CHECK_SECONDS: 60 });
    expect(() => loadConfig({ DIGEST_AFTER_MINUTES: '0' })).toThrow(/DIGEST_AFTER_MINUTES/);
  });
});
