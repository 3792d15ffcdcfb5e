import { rem } from '@mantine/core';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import classes from './table-scroll.module.css';
import { labelTableCells } from './table-stack';

interface TableScrollProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /**
   * On a phone (below 36em): 'stack' (the default) shows each row as a card, every cell on a line of its
   * own under its column's name, so no column (the balance, the row's actions) is past the right edge;
   * 'scroll' keeps the sideways scroll, for a table whose columns only make sense side by side.
   */
  phone?: 'stack' | 'scroll';
  children: ReactNode;
}

/**
 * Every list's table goes through here. Wider than the screen, it scrolls sideways with the browser's
 * own scrollbar (always there on touch and on hover, unlike a custom one); it replaces Mantine's
 * `Table.ScrollContainer`, which the build removes (build/table-scroll-container.ts) because it brings
 * the whole ScrollArea into every list. On a phone it stacks its rows (see `phone`): the cells carry
 * their column's name (`data-label`, read from the header row), so every table gets the card layout
 * without a second rendering of its rows.
 */
export function TableScroll({ minWidth, phone = 'stack', children }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || phone !== 'stack') return;
    labelTableCells(root);
    // Rows come and go (pages, skeletons, empty states) without this component rendering again.
    const observer = new MutationObserver(() => labelTableCells(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [phone]);
  return (
    <div ref={ref} className={classes.scroll} data-phone={phone}>
      <div className={classes.inner} style={{ '--table-min-width': rem(minWidth) } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}
