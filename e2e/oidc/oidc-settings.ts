/** Shared by the OIDC e2e's Playwright config, identity provider script and spec. */
const providerPort = Number(process.env.E2E_OIDC_PROVIDER_PORT ?? 3290);
const portalPort = Number(process.env.E2E_OIDC_PORTAL_PORT ?? 3291);

export const PORTAL_PORT = portalPort;
export const PORTAL_ORIGIN = `http://127.0.0.1:${portalPort}`;
export const OIDC_CLIENT_ID = 'caudal-portal';

export const IDENTITY_PROVIDER = {
  port: providerPort,
  issuer: `http://127.0.0.1:${providerPort}`,
  /** The seeded demo staff user (Demo Wealth, demo@caudal.test); its `sub` is typed into the login form. */
  demoAccount: {
    sub: 'demo@caudal.test',
    email: 'demo@caudal.test',
    emailVerified: true,
    name: 'Demo User',
    preferredUsername: 'demo',
    company: 'Demo Wealth',
  },
};
