import { randomBytes } from 'node:crypto';
import { SCA_STALE_AFTER_MS } from '@caudal/contract';
import {
  classifySandboxLogin,
  generateSnapshot,
  isValidSandboxScaCode,
  SANDBOX_PASSWORD,
  type SandboxLoginOutcome,
} from '../sandbox';
import type { Connector, ConnectorResult, ConnectorState, CredentialSecret } from './connector';

/**
 * The built-in connector: every catalogue institution, simulated by the sandbox generator.
 *
 * How each test credential behaves over time (SANDBOX_TEST_CREDENTIALS; password `demo` unless noted):
 *
 * | login          | connect                         | scheduled refresh                                       |
 * |----------------|---------------------------------|---------------------------------------------------------|
 * | demo-ok        | done at once                    | ok every time; new movements appended                   |
 * | demo-sca       | asks for code 123456, then done | ok while the last SCA is under 20 h old; after that it  |
 * |                |                                 | answers sca_required: sca_token is set, last_update     |
 * |                |                                 | stops moving, and 20 h after the last success the       |
 * |                |                                 | credential needs action until someone enters the code   |
 * |                |                                 | (create-connect-link with its credentials_token)        |
 * | demo-wrong     | 422 InvalidAccess (any password)| (never connects)                                        |
 * | demo-blocked   | 423 CredentialsBlocked          | (never connects)                                        |
 * | demo-down      | 503 InstitutionDown             | (never connects)                                        |
 * | any other      | done at once, own data          | ok every time                                           |
 * | any, not demo  | 422 InvalidAccess               | -                                                       |
 *
 * A connected credential whose stored password stops matching (only through a reset with the wrong
 * one, which is refused) would refresh to invalid_access: blocked until reset. Demo rows without a
 * stored secret refresh as their login with the sandbox password. Blocked credentials are never
 * refreshed by the scheduler. The demo seed may pin `simulate: 'down'` in the state to keep one
 * credential failing as "down".
 */
export interface SandboxState extends ConnectorState {
  /** The login asks for SCA periodically (demo-sca). */
  scaRequired?: boolean;
  /** When the last SCA code was accepted (ISO). */
  scaAuthorisedAt?: string | null;
  /** Demo only: every refresh answers this outcome. */
  simulate?: 'down';
}

const SNAPSHOT_YEARS = 2;

function newScaToken(): string {
  return `sca_${randomBytes(12).toString('base64url')}`;
}

function fail(outcome: Exclude<SandboxLoginOutcome, 'success' | 'sca'>): ConnectorResult {
  if (outcome === 'invalid_access') return { outcome: 'invalid_access' };
  if (outcome === 'blocked') return { outcome: 'blocked' };
  return { outcome: 'down' };
}

function snapshotOf(entityId: string, login: string, asOf: Date, holderName?: string | null) {
  return generateSnapshot({
    entityId,
    login,
    asOf,
    years: SNAPSHOT_YEARS,
    ...(holderName ? { holderName } : {}),
  });
}

/** Logins are keyed as the sandbox compares them: trimmed, lower case. */
function loginKey(secret: CredentialSecret): string {
  return secret.username.trim().toLowerCase();
}

export const sandboxConnector: Connector = {
  id: 'sandbox',

  async login({ entityId, username, password, asOf }) {
    const outcome = classifySandboxLogin(username, password);
    if (outcome === 'sca') return { outcome: 'sca_required', scaToken: newScaToken() };
    if (outcome !== 'success') return fail(outcome);
    const state: SandboxState = { scaRequired: false };
    return {
      outcome: 'ok',
      snapshot: snapshotOf(entityId, loginKey({ username, password }), asOf),
      state,
    };
  },

  async completeSca({ entityId, login, secret, code, state, titularName, asOf, renewsConsent }) {
    if (!isValidSandboxScaCode(code)) return { outcome: 'invalid_code' };
    const previous = (state ?? {}) as SandboxState;
    if (previous.simulate === 'down') return { outcome: 'down' };
    // A consent renewal's code does not make a login that never asked for SCA start asking (demo-ok).
    const scaRequired = renewsConsent ? (previous.scaRequired ?? false) : true;
    const next: SandboxState = { ...previous, scaRequired, scaAuthorisedAt: asOf.toISOString() };
    const key = secret ? loginKey(secret) : login.trim().toLowerCase();
    return { outcome: 'ok', snapshot: snapshotOf(entityId, key, asOf, titularName), state: next };
  },

  async refresh({ credential, secret, asOf }) {
    const state = (credential.state ?? {}) as SandboxState;
    if (state.simulate === 'down') return { outcome: 'down' };
    const effective = secret ?? { username: credential.login, password: SANDBOX_PASSWORD };
    const outcome = classifySandboxLogin(effective.username, effective.password);
    if (outcome !== 'success' && outcome !== 'sca') return fail(outcome);
    if (outcome === 'sca' || state.scaRequired) {
      const authorisedAt = state.scaAuthorisedAt ? new Date(state.scaAuthorisedAt).getTime() : null;
      if (authorisedAt === null || asOf.getTime() - authorisedAt > SCA_STALE_AFTER_MS) {
        return { outcome: 'sca_required', scaToken: newScaToken() };
      }
    }
    return {
      outcome: 'ok',
      snapshot: snapshotOf(credential.entityId, loginKey(effective), asOf, credential.titularName),
      state,
    };
  },
};
