import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { exposureNotes } from './startup-notes';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data and port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('writes moments in Italy’s zone unless TIME_ZONE names another', () => {
    expect(loadConfig({}).timeZone).toBe('Europe/Rome');
    expect(loadConfig({ TIME_ZONE: 'Europe/Paris' }).timeZone).toBe('Europe/Paris');
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
    expect(() => loadConfig({ TIME_ZONE: 'Europe/Rom' })).toThrow(/TIME_ZONE/);
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
  });

  // Exposure has safe defaults.
  it('listening on the network (HOST=0.0.0.0) with NODE_ENV and PUBLIC_URL forgotten: no demo accounts, no outbox', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'calls.internal']) {
      expect(loadConfig({ HOST })).toMatchObject({ seedDemo: false, devOutbox: false, loopbackOnly: false });
    }
    for (const HOST of ['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]']) {
      expect(loadConfig({ HOST })).toMatchObject({ seedDemo: true, devOutbox: true, loopbackOnly: true });
    }
  });

  it('refuses SEED_DEMO=true where the published passwords would be reachable', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://calls.example.org', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO/,
    );
    expect(loadConfig({ HOST: '127.0.0.1', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('serves /api/docs in production only when API_DOCS=true', () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(prod).apiDocs).toBe(false);
    expect(loadConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
  });

  it('says at start what is off and why', () => {
    const exposed = loadConfig({ HOST: '0.0.0.0' });
    const notes = exposureNotes(exposed, 'http://localhost:3000').join('\n');
    expect(notes).toContain('Demo accounts and /dev/outbox are off: HOST=0.0.0.0 accepts connections from the network');
    expect(notes).not.toContain('read them at');
    const prod = exposureNotes(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }), 'https://x');
    expect(prod.join('\n')).toContain('NODE_ENV=production');
    expect(prod.join('\n')).toContain('API_DOCS=true');
    expect(exposureNotes(loadConfig({}), 'http://localhost:3000').join('\n')).toContain('/dev/outbox');
  });
});
