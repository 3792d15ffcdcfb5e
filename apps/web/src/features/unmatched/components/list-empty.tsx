import { Button } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel } from '../../../shared/components/state-panel';
import type { UnmatchedListState } from '../lib/list-params';

interface ListEmptyProps {
  state: UnmatchedListState;
  onClearFilters: () => void;
  /** The "nothing at all" panel, when no filter is on. */
  children: ReactNode;
}

/** A filtered list with no rows says so and offers to clear the filters; otherwise the list is empty. */
export function ListEmpty({ state, onClearFilters, children }: ListEmptyProps) {
  const { t } = useTranslation();
  if (!state.search && !state.bank) return children;
  return (
    <EmptyPanel
      bare
      icon={<IconSearchOff size={26} stroke={1.6} aria-hidden />}
      title={t('unmatched.filters.noResultsTitle')}
      text={t('unmatched.filters.noResultsText')}
      actions={
        <Button variant="default" onClick={onClearFilters}>
          {t('unmatched.filters.clearFilters')}
        </Button>
      }
    />
  );
}
