import type { CredentialStatus } from '@caudal/contract/routes';

export type StatusBadge = 'ok' | 'updating' | 'invalid_access' | 'blocked' | 'down' | 'sca';

/**
 * The one badge a credential shows. What the user must fix wins over what is merely happening: a
 * wrong password or a block first, then a running refresh, then a pending SCA, then a temporary outage.
 */
export function statusBadge(status: CredentialStatus): StatusBadge {
  if (status.error === 'invalid_access') return 'invalid_access';
  if (status.blocked) return 'blocked';
  if (status.updating) return 'updating';
  if (status.sca_token !== null) return 'sca';
  if (status.error === 'down') return 'down';
  return 'ok';
}

export const STATUS_BADGE_COLOR: Record<StatusBadge, string> = {
  ok: 'teal',
  updating: 'blue',
  invalid_access: 'red',
  blocked: 'red',
  down: 'orange',
  sca: 'yellow',
};

/** Tokens are long and random: the start and the end are enough to tell them apart on screen. */
export function shortToken(token: string): string {
  return token.length > 14 ? `${token.slice(0, 8)}…${token.slice(-4)}` : token;
}
