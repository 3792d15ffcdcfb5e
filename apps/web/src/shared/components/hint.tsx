import type { ReactNode } from 'react';
import classes from './hint.module.css';

interface HintProps {
  /** The text shown on hover and keyboard focus. */
  label: string;
  /** Which edge of the trigger the bubble lines up with ('end' near a table's right edge). */
  align?: 'start' | 'end';
  children: ReactNode;
}

/**
 * A tooltip in CSS alone, for dense tables' first screens: Mantine's Tooltip brings the popover and
 * positioning libraries (about 20 KB gzip) into the first load. The bubble is for sighted users only
 * (aria-hidden): the trigger must carry its own accessible name or text.
 */
export function Hint({ label, align = 'start', children }: HintProps) {
  return (
    <span className={classes.hint} data-align={align}>
      {children}
      <span className={classes.bubble} aria-hidden>
        {label}
      </span>
    </span>
  );
}
