import type { MouseEventHandler, ReactNode } from 'react';
import classes from './row-action.module.css';

interface RowActionProps {
  /** The accessible name, e.g. "Edit client Ana Gómez". */
  label: string;
  /** The short text shown on hover and keyboard focus, e.g. "Edit". */
  hint: string;
  color?: 'gray' | 'red';
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** The icon (decorative: `aria-hidden`). */
  children: ReactNode;
}

/** An icon button in a table row, with its hint, as one plain element (see row-action.module.css). */
export function RowAction({ label, hint, color = 'gray', onClick, children }: RowActionProps) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto mantine-active ${classes.action}`}
      data-color={color}
      data-hint={hint}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
