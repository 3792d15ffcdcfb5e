import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin, TransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { scrollAreaRefs } from './scroll-area-refs';
import { tableWithoutScrollContainer } from './table-scroll-container';

/** The installed Mantine file, as the build sees it. */
function mantineSource(component: string): { id: string; code: string } {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@mantine/core');
  const root = entry.slice(0, entry.lastIndexOf('@mantine') + '@mantine/core'.length);
  const id = join(root, 'esm', 'components', component, `${component}.mjs`);
  return { id, code: readFileSync(id, 'utf8') };
}

/** Runs the real plugin's transform hook with a context whose `error` throws, as Rollup's does. */
function transform(plugin: Plugin, code: string, id: string) {
  const hook = plugin.transform as (this: unknown, code: string, id: string) => TransformResult;
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
    warn: () => {},
  };
  return hook.call(context, code, id);
}

describe('the Mantine source patches fail the build when they no longer apply', () => {
  it('ScrollArea: the installed source is patched (floating-ui gone)', () => {
    const { id, code } = mantineSource('ScrollArea');
    const result = transform(scrollAreaRefs(), code, id) as { code: string };
    expect(result.code).not.toContain('@floating-ui/react');
    expect(result.code).toContain('useMergedRef');
  });

  it('ScrollArea: a changed source throws instead of warning', () => {
    const { id } = mantineSource('ScrollArea');
    expect(() => transform(scrollAreaRefs(), 'export const ScrollArea = 1;', id)).toThrow(
      /no longer imports useMergeRefs/,
    );
  });

  it('Table: the installed source is patched (ScrollContainer gone)', () => {
    const { id, code } = mantineSource('Table');
    const result = transform(tableWithoutScrollContainer(), code, id) as { code: string };
    expect(result.code).not.toContain('TableScrollContainer');
  });

  it('Table: a changed source throws instead of warning', () => {
    const { id } = mantineSource('Table');
    expect(() => transform(tableWithoutScrollContainer(), 'export const Table = 1;', id)).toThrow(
      /Table\.mjs no longer matches/,
    );
  });

  it('other modules pass through untouched', () => {
    expect(transform(scrollAreaRefs(), 'x', '/src/app.tsx')).toBeNull();
    expect(transform(tableWithoutScrollContainer(), 'x', '/src/app.tsx')).toBeNull();
  });
});
