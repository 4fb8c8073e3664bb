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

  it('reports every bad variable', () => {
    expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*\n.*LOG_LEVEL/);
  });
});
