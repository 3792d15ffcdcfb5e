import { describe, expect, it, vi } from 'vitest';
import { createRejectionHandler } from './rejection-guard';

function handlerWithSpies() {
  const log = { warn: vi.fn(), fatal: vi.fn() };
  const exit = vi.fn();
  return { handle: createRejectionHandler(log, exit), log, exit };
}

describe('unhandled rejections', () => {
  it('survives the database going away under a call nobody awaited (pg-boss completing a job)', () => {
    for (const error of [
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ]) {
      const { handle, log, exit } = handlerWithSpies();
      handle(error);
      expect(exit).not.toHaveBeenCalled();
      expect(log.warn).toHaveBeenCalledWith({ err: error }, expect.stringContaining('stays up'));
    }
  });

  it('does not survive a bug: any other rejection is logged as fatal and ends the process', () => {
    for (const reason of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      'a string',
      undefined,
    ]) {
      const { handle, log, exit } = handlerWithSpies();
      handle(reason);
      expect(log.fatal).toHaveBeenCalledWith({ err: reason }, 'unhandled rejection');
      expect(exit).toHaveBeenCalledWith(1);
    }
  });
});
