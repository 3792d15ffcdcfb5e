/**
 * Sandbox logins that drive the outcome of a connection, so demos and end-to-end tests can
 * reach every credential state without a real bank.
 *
 * | username       | password   | outcome          | meaning                                     |
 * |----------------|------------|------------------|---------------------------------------------|
 * | demo-ok        | demo       | success          | connects, products generated for the login   |
 * | demo-sca       | demo       | sca              | asks for a one-time code: 123456             |
 * | demo-wrong     | (any)      | invalid_access   | wrong password, whatever is typed            |
 * | demo-blocked   | demo       | blocked          | the bank has blocked the user                |
 * | demo-down      | demo       | down             | the bank is unavailable                      |
 * | (any other)    | demo       | success          | its own deterministic data, seeded by name   |
 * | (any)          | not "demo" | invalid_access   |                                             |
 */

export type SandboxLoginOutcome = 'success' | 'sca' | 'invalid_access' | 'blocked' | 'down';

export const SANDBOX_PASSWORD = 'demo';

export const SANDBOX_TEST_CREDENTIALS = {
  success: { username: 'demo-ok', password: SANDBOX_PASSWORD },
  sca: { username: 'demo-sca', password: SANDBOX_PASSWORD, code: '123456' },
  invalidAccess: { username: 'demo-wrong', password: 'anything' },
  blocked: { username: 'demo-blocked', password: SANDBOX_PASSWORD },
  down: { username: 'demo-down', password: SANDBOX_PASSWORD },
} as const;

const SPECIAL_OUTCOMES: Readonly<Record<string, SandboxLoginOutcome>> = {
  [SANDBOX_TEST_CREDENTIALS.sca.username]: 'sca',
  [SANDBOX_TEST_CREDENTIALS.invalidAccess.username]: 'invalid_access',
  [SANDBOX_TEST_CREDENTIALS.blocked.username]: 'blocked',
  [SANDBOX_TEST_CREDENTIALS.down.username]: 'down',
};

/** Usernames are compared trimmed and case-insensitively, as bank login forms do. */
export function classifySandboxLogin(username: string, password: string): SandboxLoginOutcome {
  const special = SPECIAL_OUTCOMES[username.trim().toLowerCase()];
  if (special === 'invalid_access') return special;
  if (password !== SANDBOX_PASSWORD) return 'invalid_access';
  return special ?? 'success';
}

export function isValidSandboxScaCode(code: string): boolean {
  return code.trim() === SANDBOX_TEST_CREDENTIALS.sca.code;
}
