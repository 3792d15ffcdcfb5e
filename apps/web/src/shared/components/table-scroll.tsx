import { rem } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './table-scroll.module.css';

interface TableScrollProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A table wider than the screen scrolls sideways here, with the browser's own scrollbar (always there on
 * touch and on hover, unlike a custom one). It replaces Mantine's `Table.ScrollContainer`, which the
 * build removes (build/table-scroll-container.ts) because it brings the whole ScrollArea into every list.
 */
export function TableScroll({ minWidth, children }: TableScrollProps) {
  return (
    <div className={classes.scroll}>
      <div className={classes.inner} style={{ '--table-min-width': rem(minWidth) } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}
