import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data and port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/x' });
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('seeds demo accounts and opens /dev/outbox only on a local, non-production install without SMTP', () => {
    expect(loadConfig({})).toMatchObject({ seedDemo: true, devOutbox: true });
    // Deployed somewhere real but NODE_ENV forgotten: still no published passwords, no open outbox.
    expect(loadConfig({ PUBLIC_URL: 'https://calls.example.org' })).toMatchObject({
      seedDemo: false,
      devOutbox: false,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toMatchObject({ devOutbox: false });
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) })).toMatchObject({
      seedDemo: false,
      devOutbox: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://calls.example.org', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
