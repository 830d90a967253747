import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies the defaults of ARCHITECTURE §8', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.s3).toBeNull();
    expect(config.superadmin).toBeNull();
    expect(config.settingsEncryptionKey).toBeNull();
    expect(config.settingsEncryptionKeyPrevious).toBeNull();
    expect(config.smtp2goApiUrl).toBeNull();
    expect(config.metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
  });

  it('serves /metrics behind a token of 32+ characters and/or on a port of its own', () => {
    const token = 'x'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: null,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      token: null,
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(31) })).toThrow(
      /METRICS_TOKEN: must be at least 32/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${'x'.repeat(32)} y` })).toThrow(
      /METRICS_TOKEN: must be printable ASCII/,
    );
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('trusts X-Forwarded-For from a proxy on this host unless TRUST_PROXY says otherwise', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'every one' })).toThrow(/TRUST_PROXY: must be/);
  });

  it('bounds the waits on PostgreSQL: 10 s a statement, 3 s a lock, 5 s a connection', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      statementMs: 10_000,
      lockMs: 3_000,
      acquireMs: 5_000,
    });
    expect(
      loadConfig({
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        DATABASE_LOCK_TIMEOUT_MS: '100',
        DATABASE_ACQUIRE_TIMEOUT_MS: '750',
      }).databaseTimeouts,
    ).toEqual({ statementMs: 2000, lockMs: 100, acquireMs: 750 });
  });

  it('turns the demo off by default on PostgreSQL and on request', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['SUPERADMIN_EMAIL', 'nobody'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'soon'],
    ['DATABASE_LOCK_TIMEOUT_MS', '0'],
    ['DATABASE_ACQUIRE_TIMEOUT_MS', '1.5'],
    ['SETTINGS_ENCRYPTION_KEY', 'too-short'],
    ['SMTP2GO_API_URL', 'not a url'],
    ['MAIL_TRANSPORT', 'outbox!'],
    ['MAIL_TRANSPORT_FORCE', 'maybe'],
    ['METRICS_PORT', '65536'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('needs the superadmin e-mail and password together, password of 6+ characters', () => {
    expect(() => loadConfig({ SUPERADMIN_EMAIL: 'a@b.it' })).toThrow(/SUPERADMIN_PASSWORD/);
    expect(() => loadConfig({ SUPERADMIN_EMAIL: 'a@b.it', SUPERADMIN_PASSWORD: '12345' })).toThrow(
      /SUPERADMIN_PASSWORD: must be at least 6/,
    );
    expect(
      loadConfig({ SUPERADMIN_EMAIL: 'a@b.it', SUPERADMIN_PASSWORD: '123456' }).superadmin,
    ).toEqual({ email: 'a@b.it', password: '123456' });
  });

  it('reads S3 settings and requires their keys', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    const config = loadConfig({
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(config.s3).toMatchObject({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
    });
  });

  it("forces the environment's mail transport only on request, and only one it has", () => {
    expect(loadConfig({})).toMatchObject({ mailTransport: 'auto', mailTransportForced: false });
    expect(loadConfig({ MAIL_TRANSPORT: 'outbox' })).toMatchObject({
      mailTransport: 'outbox',
      mailTransportForced: false,
    });
    expect(
      loadConfig({ MAIL_TRANSPORT: 'outbox', MAIL_TRANSPORT_FORCE: 'true' }).mailTransportForced,
    ).toBe(true);
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail:25', MAIL_TRANSPORT_FORCE: 'true' }).mailTransportForced,
    ).toBe(true);
    // `auto` without SMTP_URL has no transport of its own to force.
    expect(() => loadConfig({ MAIL_TRANSPORT_FORCE: 'true' })).toThrow(/MAIL_TRANSPORT_FORCE:/);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://quest.example.org/' }).publicUrl).toBe(
      'https://quest.example.org',
    );
  });
});
