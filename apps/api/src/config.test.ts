import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('needs nothing: every setting has a default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: `${REPO_ROOT}data`,
      databaseUrl: null,
      authStrategy: 'local',
      oidc: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      // The portal calls its own origin, so it works on any host name it is opened on.
      apiBaseUrl: '',
      allowsRequestOrigin: true,
      linkBaseUrl: 'http://localhost:3000',
      redirectBaseUrl: 'http://localhost:3000',
      providerName: 'Caudal Data',
      platformName: 'Caudal',
      rootRedirect: null,
      sessionIdleMinutes: 30,
      loginMaxFailures: 5,
      loginLockMinutes: 15,
      jwtSecret: null,
      seedDemo: true,
    });
  });

  it('reads overrides', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://caudal.example/',
      AUTH_STRATEGY: 'oidc',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'portal',
      ROOT_REDIRECT: '/es/summary',
      ROOT_REDIRECT_STATUS: '301',
      SEED_DEMO: 'false',
    });
    expect(config.publicUrl).toBe('https://caudal.example');
    expect(config.apiBaseUrl).toBe('');
    expect(config.allowsRequestOrigin).toBe(false);
    expect(config.oidc).toEqual({
      issuer: 'https://id.example',
      clientId: 'portal',
      scope: 'openid email profile',
      companyClaim: 'company',
    });
    expect(config.rootRedirect).toEqual({ to: '/es/summary', status: 301 });
    expect(config.seedDemo).toBe(false);
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_STRATEGY: 'oidc' })).toThrow('OIDC_ISSUER');
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(ConfigError);
    // Housekeeping drops failure counters two days old, so no lockout window may outlast a day.
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '1441' })).toThrow('LOGIN_LOCK_MINUTES');
    expect(() => loadConfig({ LOGIN_IP_WINDOW_MINUTES: '1441' })).toThrow('LOGIN_IP_WINDOW_MINUTES');
  });

  it('AUDIT_RETENTION_DAYS: 365 by default, a whole number of days at least 1, else the start fails', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: ' 30 ' }).auditRetentionDays).toBe(30);
    // Before, each of these silently became 365 when the purge tasks were imported.
    for (const bad of ['abc', '0', '-5', '1.5', '30d']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });
});
