import type { Plugin } from 'vite';

const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';
const HOOKS_IMPORT =
  'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);';

/**
 * Mantine's ScrollArea takes one helper, `useMergeRefs`, from @floating-ui/react; every `Table` imports
 * ScrollArea (for `Table.ScrollContainer`), so each list's first load carried the whole positioning
 * library (15 KB gzip) for it. Mantine's own `useMergedRef` does the same (assigns one node to every
 * ref), so the build swaps it in. If a Mantine upgrade changes the import, the build fails: a patch that
 * silently stops applying would only show as a heavier first load, weeks later.
 */
export function scrollAreaRefs(): Plugin {
  return {
    name: 'caudal-scroll-area-refs',
    transform(code, id) {
      if (!SCROLL_AREA.test(id)) return null;
      if (!code.includes(FLOATING_IMPORT)) {
        this.error(
          'ScrollArea no longer imports useMergeRefs from @floating-ui/react: update build/scroll-area-refs.ts',
        );
      }
      return { code: code.replace(FLOATING_IMPORT, HOOKS_IMPORT), map: null };
    },
  };
}
