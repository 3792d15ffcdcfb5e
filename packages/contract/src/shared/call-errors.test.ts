import { describe, expect, it } from 'vitest';
import * as contract from '../index';
import { accessErrorCodes, answerableErrorCodes, GENERIC_ERROR_CODES } from './call-errors';
import type { CallAccess } from './call-route';
import { DATA_API_GENERIC_ERRORS } from './data-api';
import { ERROR_CODES, type ErrorCode } from './error-codes';

interface AnyCall {
  path: string;
  errors: readonly ErrorCode[];
  /** Portal calls only (data-API routes have their own generic codes). */
  access?: CallAccess;
}

function everyCall(): AnyCall[] {
  const calls: AnyCall[] = [];
  for (const namespace of Object.values(contract)) {
    if (!namespace || typeof namespace !== 'object') continue;
    for (const value of Object.values(namespace as Record<string, unknown>)) {
      if (value && typeof value === 'object' && Array.isArray((value as AnyCall).errors)) {
        calls.push(value as AnyCall);
      }
    }
  }
  return calls;
}

describe('declared error codes', () => {
  it('answers the generic codes, the access codes and the own list', () => {
    const codes = answerableErrorCodes({
      access: { kind: 'session', module: 'wealth' },
      errors: ['DuplicatedAlias'],
    });
    expect([...codes].sort()).toEqual(
      [
        ...GENERIC_ERROR_CODES,
        'Unauthorized',
        'SessionExpired',
        'Forbidden',
        'ModuleDisabled',
        'DuplicatedAlias',
      ].sort(),
    );
  });

  it('gives a public call no session codes, and a plain session call no Forbidden', () => {
    expect(accessErrorCodes({ kind: 'public' })).toEqual([]);
    expect(accessErrorCodes({ kind: 'session' })).toEqual(['Unauthorized', 'SessionExpired']);
    expect(accessErrorCodes({ kind: 'session', adminOnly: true })).toContain('Forbidden');
  });

  it('uses every error code somewhere: a code no call may answer is dead', () => {
    const calls = everyCall();
    expect(calls.length).toBeGreaterThan(60);
    const used = new Set<ErrorCode>([...GENERIC_ERROR_CODES, ...DATA_API_GENERIC_ERRORS]);
    for (const call of calls) for (const code of call.errors) used.add(code);
    for (const access of [{ kind: 'session', module: 'wealth' }] as const) {
      for (const code of accessErrorCodes(access)) used.add(code);
    }
    expect(ERROR_CODES.filter((code) => !used.has(code))).toEqual([]);
  });

  it('lists no code twice, nor one the call gives anyway (generic or from its access)', () => {
    const redundant: string[] = [];
    for (const call of everyCall()) {
      const given = new Set<ErrorCode>(
        call.access ? [...GENERIC_ERROR_CODES, ...accessErrorCodes(call.access)] : [],
      );
      call.errors.forEach((code, index) => {
        if (given.has(code) || call.errors.indexOf(code) !== index) redundant.push(`${call.path} ${code}`);
      });
    }
    expect(redundant).toEqual([]);
  });
});
