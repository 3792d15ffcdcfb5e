import { describe, expect, it } from 'vitest';
import { isRejectionToSurvive } from './rejection-guard';

describe('unhandled rejections the API survives', () => {
  it('survives the database going away under a call nobody awaited (pg-boss completing a job)', () => {
    for (const error of [
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ]) {
      expect(isRejectionToSurvive(error)).toBe(true);
    }
  });

  it('does not survive a bug: any other rejection still ends the process', () => {
    expect(isRejectionToSurvive(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isRejectionToSurvive(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isRejectionToSurvive('a string')).toBe(false);
    expect(isRejectionToSurvive(undefined)).toBe(false);
  });
});
