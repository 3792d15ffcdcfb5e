/**
 * Starts the test identity provider (a real oidc-provider) for the OIDC e2e: one public client for the
 * portal and the seeded demo staff user's account. Runs until Playwright stops it.
 *
 *   npx tsx e2e/oidc/start-identity-provider.ts
 */
import { startIdentityProvider } from '../../apps/api/src/test/oidc-identity-provider';
import { IDENTITY_PROVIDER, OIDC_CLIENT_ID, PORTAL_ORIGIN } from './oidc-settings';

const provider = await startIdentityProvider({
  port: IDENTITY_PROVIDER.port,
  host: '127.0.0.1',
  clients: [
    {
      clientId: OIDC_CLIENT_ID,
      redirectUris: [`${PORTAL_ORIGIN}/es/auth/callback`, `${PORTAL_ORIGIN}/en/auth/callback`],
    },
  ],
  accounts: [IDENTITY_PROVIDER.demoAccount],
});
console.log(`identity provider listening at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
