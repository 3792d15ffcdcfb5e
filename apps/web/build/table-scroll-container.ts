import type { Plugin } from 'vite';

const TABLE = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/;
const IMPORT = 'import { TableScrollContainer } from "./TableScrollContainer.mjs";';
const ASSIGNMENT = 'Table.ScrollContainer = TableScrollContainer;';

/**
 * Mantine's `Table` carries `Table.ScrollContainer`, and with it the whole ScrollArea (5 KB gzip), into
 * every screen with a table, though the portal scrolls its tables with `TableScroll` (a native overflow
 * box). The build drops that static member; a unit test keeps `Table.ScrollContainer` out of the
 * sources. If a Mantine upgrade changes these lines, the build fails (a patch that silently stops
 * applying would only show as a heavier first load).
 */
export function tableWithoutScrollContainer(): Plugin {
  return {
    name: 'caudal-table-without-scroll-container',
    transform(code, id) {
      if (!TABLE.test(id)) return null;
      if (!code.includes(IMPORT) || !code.includes(ASSIGNMENT)) {
        this.error('Table.mjs no longer matches: update build/table-scroll-container.ts');
      }
      return { code: code.replace(IMPORT, '').replace(ASSIGNMENT, ''), map: null };
    },
  };
}
