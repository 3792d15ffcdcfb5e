import type { CredentialInformation, connections, ResponseOf } from '@caudal/contract';

export type CredentialIdentities = ResponseOf<typeof connections.getCredentialsIdentity>;
export type HolderIdentity = CredentialIdentities[number]['holders'][number];

export interface IdentityRow {
  key: string;
  credential: CredentialInformation;
  /** null while a credential has no holders yet (first update pending or failed). */
  holder: HolderIdentity | null;
}

/**
 * The identity table: one row per holder of each credential, and one bare row for a credential without
 * holders, so every credential (and its actions) stays reachable.
 */
export function identityRows(
  credentials: readonly CredentialInformation[],
  identities: CredentialIdentities,
): IdentityRow[] {
  const holdersByToken = new Map(identities.map((entry) => [entry.credentials_token, entry.holders]));
  return credentials.flatMap((credential): IdentityRow[] => {
    const holders = holdersByToken.get(credential.credentials_token) ?? [];
    if (holders.length === 0) return [{ key: credential.credentials_token, credential, holder: null }];
    return holders.map((holder) => ({
      key: `${credential.credentials_token}:${holder.id}`,
      credential,
      holder,
    }));
  });
}
