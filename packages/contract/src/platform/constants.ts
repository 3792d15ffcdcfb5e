/** How the portal signs users in: its own login form, or an OpenID Connect provider. */
export const AUTH_STRATEGIES = ['local', 'oidc'] as const;
export type AuthStrategy = (typeof AUTH_STRATEGIES)[number];
