import { describe, expect, it } from 'vitest';
import {
  SANDBOX_TEST_CREDENTIALS as C,
  classifySandboxLogin,
  isValidSandboxScaCode,
} from './test-credentials';

describe('classifySandboxLogin', () => {
  it('maps every documented credential to its outcome', () => {
    expect(classifySandboxLogin(C.success.username, C.success.password)).toBe('success');
    expect(classifySandboxLogin(C.sca.username, C.sca.password)).toBe('sca');
    expect(classifySandboxLogin(C.invalidAccess.username, C.invalidAccess.password)).toBe('invalid_access');
    expect(classifySandboxLogin(C.invalidAccess.username, 'demo')).toBe('invalid_access');
    expect(classifySandboxLogin(C.blocked.username, C.blocked.password)).toBe('blocked');
    expect(classifySandboxLogin(C.down.username, C.down.password)).toBe('down');
  });

  it('lets any other username in with the sandbox password only', () => {
    expect(classifySandboxLogin('maria.garcia', 'demo')).toBe('success');
    expect(classifySandboxLogin('maria.garcia', 'Demo')).toBe('invalid_access');
    expect(classifySandboxLogin(' DEMO-SCA ', 'demo')).toBe('sca');
    expect(classifySandboxLogin('demo-blocked', 'nope')).toBe('invalid_access');
  });

  it('accepts only the documented SCA code', () => {
    expect(isValidSandboxScaCode('123456')).toBe(true);
    expect(isValidSandboxScaCode('000000')).toBe(false);
  });
});
