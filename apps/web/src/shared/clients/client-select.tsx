import { Group, Loader, Select, type SelectProps, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../components/debounced-search';
import { type ClientChoice, clientLabel, useClientOptions } from './client-options';

export interface ClientSelectProps
  extends Pick<
    SelectProps,
    | 'label'
    | 'placeholder'
    | 'description'
    | 'disabled'
    | 'size'
    | 'w'
    | 'maxDropdownHeight'
    | 'comboboxProps'
  > {
  value: ClientChoice | null;
  onChange: (client: ClientChoice | null) => void;
  /** Said when the server found no client for the search. */
  nothingFound: string;
  'aria-label'?: string;
  /** A client offered first while the user has not searched (the unmatched product's suggestion). */
  suggestion?: ClientChoice | null;
  /** Drawn at the end of an option (a "suggested" badge, say). */
  optionBadge?: (client: ClientChoice) => ReactNode;
  /** False: a click on the chosen client keeps it (clearing is the clear button's job). */
  allowDeselect?: boolean;
  /** What the input shows of the chosen client (name and alias unless the screen says otherwise). */
  inputLabel?: (client: ClientChoice) => string;
}

/**
 * The base of every single-client picker: searched on the server as the user types (the book is paged,
 * useClientOptions), more names as the list scrolls to its end, and the chosen client kept as an option
 * while another search shows other names. Each option shows the name and, below it, the alias.
 */
export function ClientSelect({
  value,
  onChange,
  nothingFound,
  suggestion,
  optionBadge,
  allowDeselect = true,
  inputLabel = clientLabel,
  disabled,
  comboboxProps,
  ...rest
}: ClientSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  // While a client is chosen the input shows its label, which is not a search.
  const query = value && search === inputLabel(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const options = useClientOptions(debounced, opened && !disabled);

  const choices = useMemo(() => {
    const byId = new Map<string, ClientChoice>();
    const add = (client: ClientChoice | null | undefined) => {
      if (client && !byId.has(client.id)) byId.set(client.id, client);
    };
    if (!debounced) add(suggestion);
    add(value);
    for (const client of opened ? options.clients : []) add(client);
    return byId;
  }, [debounced, suggestion, value, opened, options.clients]);

  const data = useMemo(
    () => [...choices.values()].map((client) => ({ value: client.id, label: inputLabel(client) })),
    [choices, inputLabel],
  );

  return (
    <Select
      {...rest}
      data={data}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (choices.get(id) ?? null) : null)}
      searchable
      clearable
      allowDeselect={allowDeselect}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      // The server already filtered: do not filter its answer again on the client.
      filter={({ options: all }) => all}
      scrollAreaProps={{ onBottomReached: options.loadMore }}
      renderOption={({ option }) => {
        const client = choices.get(option.value);
        return (
          <Group gap={8} wrap="nowrap" justify="space-between" w="100%">
            <div>
              <Text size="sm">{client?.name ?? option.label}</Text>
              {client?.alias ? (
                <Text size="xs" c="dimmed">
                  {client.alias}
                </Text>
              ) : null}
            </div>
            {client && optionBadge ? optionBadge(client) : null}
          </Group>
        );
      }}
      nothingFoundMessage={options.isFetching ? undefined : nothingFound}
      rightSection={opened && options.isFetching ? <Loader size={14} /> : undefined}
      disabled={disabled}
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
    />
  );
}
