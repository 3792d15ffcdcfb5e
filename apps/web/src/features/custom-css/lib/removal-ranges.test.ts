import { describe, expect, it } from 'vitest';
import { findRemovalRanges } from './removal-ranges';

const removal = (line: number, column: number) => ({ reason: 'import' as const, line, column, excerpt: '' });

describe('findRemovalRanges', () => {
  it('maps line and column to offsets, to the end of the line', () => {
    const text = 'a{}\n  @import "x";\nb{}';
    expect(findRemovalRanges(text, [removal(2, 3)])).toEqual([{ from: 6, to: 18, removal: removal(2, 3) }]);
    expect(findRemovalRanges(text, [removal(3, 1)])[0]).toMatchObject({ from: 19, to: 22 });
  });

  it('clamps a report that no longer fits the text', () => {
    expect(findRemovalRanges('a{}', [removal(9, 40)])[0]).toMatchObject({ from: 3, to: 3 });
  });
});
