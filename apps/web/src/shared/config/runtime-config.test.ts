import type { RuntimeConfig } from '@caudal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './parse-runtime-config';
import { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config';

const config: RuntimeConfig = {
  apiBaseUrl: 'https://api.example',
  linkBaseUrl: 'https://link.example',
  redirectBaseUrl: 'https://portal.example',
  authStrategy: 'oidc',
  oidc: { issuer: 'https://id.example', clientId: 'portal', scope: 'openid profile' },
  providerName: 'Caudal',
  platformName: 'Caudal Wealth',
  rootRedirect: { to: '/es/login', status: 302 },
  sessionIdleMinutes: 30,
};

const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('parseRuntimeConfig', () => {
  it('takes a valid configuration, nullable parts null or not, and drops unknown fields', () => {
    expect(parseRuntimeConfig({ ...config, extra: true })).toEqual(config);
    const local = { ...config, authStrategy: 'local', oidc: null, rootRedirect: null };
    expect(parseRuntimeConfig(local)).toEqual(local);
  });

  it('throws on anything that is not the contract’s shape', () => {
    const broken: unknown[] = [
      null,
      'config',
      [config],
      { ...config, apiBaseUrl: undefined },
      { ...config, platformName: 42 },
      { ...config, authStrategy: 'saml' },
      { ...config, oidc: undefined },
      { ...config, oidc: { issuer: 'https://id.example', clientId: 'portal' } },
      { ...config, rootRedirect: { to: '/', status: '302' } },
      { ...config, rootRedirect: { to: '/', status: 301.5 } },
      { ...config, rootRedirect: 'https://elsewhere.example' },
    ];
    for (const value of broken)
      expect(() => parseRuntimeConfig(value), JSON.stringify(value)).toThrow(/config\.json/);
  });
});

describe('loadRuntimeConfig', () => {
  afterEach(() => setRuntimeConfig(null));

  it('reads /config.json once, for every module to read synchronously', async () => {
    const requested: string[] = [];
    const fetchStub = async (url: string | URL | Request) => {
      requested.push(String(url));
      return answer(200, config)();
    };
    await expect(loadRuntimeConfig(fetchStub as typeof fetch)).resolves.toEqual(config);
    expect(requested).toEqual(['/config.json']);
    expect(getRuntimeConfig()).toEqual(config);
  });

  it('throws on a failed answer or a malformed configuration, so the bootstrap shows its error page', async () => {
    await expect(loadRuntimeConfig(answer(500, {}) as typeof fetch)).rejects.toThrow(
      'config.json answered 500',
    );
    await expect(loadRuntimeConfig(answer(200, { apiBaseUrl: 1 }) as typeof fetch)).rejects.toThrow(
      /config\.json/,
    );
    expect(() => getRuntimeConfig()).toThrow(/before it was loaded/);
  });
});
