import {
  type CredentialInformation,
  type CredentialStatus,
  deriveCredentialState,
} from '@caudal/contract/routes';

export interface CredentialCounts {
  total: number;
  blocked: number;
  needsAction: number;
  /** Credentials the institution holds an SCA token for (spec: "pending SCA"), stale or not. */
  pendingSca: number;
}

type WithStatus = Pick<CredentialInformation, 'status'>;

function count(credentials: readonly WithStatus[], now: Date): CredentialCounts {
  const counts: CredentialCounts = { total: 0, blocked: 0, needsAction: 0, pendingSca: 0 };
  for (const { status } of credentials) {
    counts.total += 1;
    if (status.blocked) counts.blocked += 1;
    if (deriveCredentialState(status, now).needsAction) counts.needsAction += 1;
    if (status.sca_token !== null) counts.pendingSca += 1;
  }
  return counts;
}

/** The stat cards of `/wealth/connections` (spec section 2). */
export function summariseCredentials(credentials: readonly WithStatus[], now: Date): CredentialCounts {
  return count(credentials, now);
}

export interface EntityCredentials extends CredentialCounts {
  entityId: string;
  /** The most recent successful update among the entity's credentials (ISO), null if none ever did. */
  lastUpdate: string | null;
}

/** One row per institution that has credentials, in first-seen order (the caller sorts by name). */
export function groupByEntity(
  credentials: readonly Pick<CredentialInformation, 'bank' | 'status'>[],
  now: Date,
): EntityCredentials[] {
  const byEntity = new Map<string, Pick<CredentialInformation, 'bank' | 'status'>[]>();
  for (const credential of credentials) {
    const list = byEntity.get(credential.bank);
    if (list) list.push(credential);
    else byEntity.set(credential.bank, [credential]);
  }
  return [...byEntity].map(([entityId, list]) => ({
    entityId,
    ...count(list, now),
    lastUpdate: latest(list.map((credential) => credential.status.last_update)),
  }));
}

function latest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value === null) continue;
    const time = new Date(value).getTime();
    if (time > bestTime) {
      best = value;
      bestTime = time;
    }
  }
  return best;
}

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
