import { afterEach } from 'vitest';
import { takeUndeclaredErrors } from '../shared/http/declared-errors';

// A call that answered an error code its contract does not declare fails the test that made it, even
// when the test never looked at that answer (the contract's `errors` lists stay true).
afterEach(() => {
  const found = takeUndeclaredErrors();
  if (found.length === 0) return;
  const lines = found.map(({ path, code, message }) => `  ${path} answered ${code} (${message})`);
  throw new Error(`Error codes not declared by their call's contract:\n${lines.join('\n')}`);
});
