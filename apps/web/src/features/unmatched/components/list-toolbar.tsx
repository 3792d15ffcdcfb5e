import { Group } from '@mantine/core';
import type { UnmatchedListState } from '../lib/list-params';
import { BankFilter } from './bank-filter';
import { ListSearch } from './list-search';

interface ListToolbarProps {
  searchLabel: string;
  state: UnmatchedListState;
  onSearch: (search: string) => void;
  onBank: (bank: string) => void;
}

/** The queue's search and bank filter, inside the list panel's toolbar. */
export function ListToolbar({ searchLabel, state, onSearch, onBank }: ListToolbarProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <ListSearch label={searchLabel} value={state.search} onSearch={onSearch} />
      <BankFilter value={state.bank} onChange={onBank} />
    </Group>
  );
}
