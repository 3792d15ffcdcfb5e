import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCES = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('TableScroll', () => {
  it('is how tables scroll: the build removes Mantine’s Table.ScrollContainer (build/table-scroll-container.ts)', () => {
    const users = sourceFiles(SOURCES).filter((file) =>
      /<Table\.ScrollContainer\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });
});
