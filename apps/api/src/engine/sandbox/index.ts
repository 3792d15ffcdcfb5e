/** Public API of the sandbox data generator: pure, deterministic, no I/O. */
export { dayOf, isoDate } from './calendar';
export { buildSpanishIban, formatIban, isValidIban, normalizeIban } from './iban';
export { generateDni, isValidDni } from './identity';
export {
  CONSENT_90_DAY_INSTITUTIONS,
  type ConsentDays,
  consentExpiryFrom,
  INSTITUTIONS,
  type InstitutionKind,
  type InstitutionProfile,
  institutionProfile,
} from './institutions';
export { INSTRUMENTS, type Instrument } from './instruments';
export { isinCheckDigit, isValidIsin } from './isin';
export { createRandom, hashHex, type Random } from './random';
export { type GenerateSnapshotInput, generateSnapshot, SANDBOX_DATA_VERSION } from './snapshot';
export type * from './snapshot-types';
export {
  classifySandboxLogin,
  isValidSandboxScaCode,
  SANDBOX_PASSWORD,
  SANDBOX_TEST_CREDENTIALS,
  type SandboxLoginOutcome,
} from './test-credentials';
