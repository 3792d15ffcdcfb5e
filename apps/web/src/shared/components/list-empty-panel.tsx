import { Button } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyPanel } from './state-panel';

interface ListEmptyPanelProps {
  /** A search or filter hides every row: say so and offer the way back, rather than "nothing yet". */
  filtered: boolean;
  noResults: { title: string; text?: string; clearLabel: string; onClear: () => void };
  /** The list really is empty: the feature's icon, its texts and how to add the first row. */
  empty: { icon: ReactNode; title: string; text: string; actions: ReactNode };
}

/** A table's empty state inside a list panel (bare: the panel draws the border). */
export function ListEmptyPanel({ filtered, noResults, empty }: ListEmptyPanelProps) {
  return filtered ? (
    <EmptyPanel
      bare
      icon={<IconSearchOff size={26} stroke={1.6} aria-hidden />}
      title={noResults.title}
      text={noResults.text}
      actions={
        <Button variant="default" onClick={noResults.onClear}>
          {noResults.clearLabel}
        </Button>
      }
    />
  ) : (
    <EmptyPanel bare icon={empty.icon} title={empty.title} text={empty.text} actions={empty.actions} />
  );
}
