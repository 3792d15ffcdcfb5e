import type { CssRemoval } from '@caudal/contract';

export interface RemovalRange {
  from: number;
  to: number;
  removal: CssRemoval;
}

/**
 * Where each removal sits in the saved text (1-based line and column from the server): from its start
 * to the end of that line, clamped to the text, so a stale report can never point outside it.
 */
export function findRemovalRanges(text: string, removed: readonly CssRemoval[]): RemovalRange[] {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') lineStarts.push(index + 1);
  return removed.map((removal) => {
    const lineIndex = Math.min(Math.max(removal.line, 1), lineStarts.length) - 1;
    const lineStart = lineStarts[lineIndex] ?? 0;
    const lineEnd =
      lineIndex + 1 < lineStarts.length ? (lineStarts[lineIndex + 1] ?? text.length) - 1 : text.length;
    const from = Math.min(lineStart + Math.max(removal.column, 1) - 1, lineEnd);
    return { from, to: Math.max(from, lineEnd), removal };
  });
}
