import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchProps {
  label: string;
  /** The search in the URL, the source of truth. */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * Typing is local and instant; the server search follows 300 ms after the last key. When the URL
 * changes on its own (back, forward, "clear filters") the box follows it without a new search.
 */
export function ListSearch({ label, value, onSearch }: ListSearchProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const lastDebounced = useRef(debounced);

  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced.trim() !== value) onSearch(debounced.trim());
  }, [debounced, value, onSearch]);

  useEffect(() => {
    setInput((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={t('unmatched.filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        input ? (
          <CloseButton
            aria-label={t('unmatched.filters.clearSearch')}
            onClick={() => {
              setInput('');
              onSearch('');
            }}
          />
        ) : null
      }
      value={input}
      onChange={(event) => setInput(event.currentTarget.value)}
      maxLength={100}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
