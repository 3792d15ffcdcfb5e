import type { InstitutionSnapshot } from '../sandbox';

/** What a person types at the institution. Sealed at rest; never logged, never answered. */
export interface CredentialSecret {
  username: string;
  password: string;
}

/**
 * State a connector keeps between calls for one credential (for example when SCA was last given).
 * JSON-safe; the portal stores it without reading it.
 */
export type ConnectorState = Record<string, unknown>;

export type ConnectorFailure = { outcome: 'invalid_access' } | { outcome: 'blocked' } | { outcome: 'down' };

export type ConnectorSuccess = { outcome: 'ok'; snapshot: InstitutionSnapshot; state: ConnectorState };

/** A login or refresh: data, an SCA challenge (its token identifies the pending authorisation), or why not. */
export type ConnectorResult =
  | ConnectorSuccess
  | { outcome: 'sca_required'; scaToken: string }
  | ConnectorFailure;

export type ScaResult = ConnectorSuccess | { outcome: 'invalid_code' } | { outcome: 'down' };

export interface LoginInput {
  entityId: string;
  username: string;
  password: string;
  /** The moment the institution is read. */
  asOf: Date;
}

export interface CompleteScaInput {
  entityId: string;
  /** The login as stored (the typed username during a first connection). */
  login: string;
  /** Null for credentials that never stored one (demo data). */
  secret: CredentialSecret | null;
  scaToken: string;
  code: string;
  /** The credential's state for a reauthorisation; null during a first connection. */
  state: ConnectorState | null;
  /** As in RefreshInput; null during a first connection. */
  titularName: string | null;
  asOf: Date;
  /** The holder renews their consent (a renewal link), not a periodic SCA the login itself asks for. */
  renewsConsent?: boolean;
}

export interface RefreshInput {
  credential: {
    entityId: string;
    login: string;
    state: ConnectorState | null;
    /** The titular's name as stored: a deterministic sandbox keeps it, a real institution ignores it. */
    titularName: string | null;
  };
  /** Null for credentials that never stored one (demo data). */
  secret: CredentialSecret | null;
  asOf: Date;
}

/** One way of reaching institutions. The portal only ever talks to this interface. */
export interface Connector {
  readonly id: string;
  login(input: LoginInput): Promise<ConnectorResult>;
  completeSca(input: CompleteScaInput): Promise<ScaResult>;
  refresh(input: RefreshInput): Promise<ConnectorResult>;
}
