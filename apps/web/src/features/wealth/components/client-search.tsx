import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SEARCH_DEBOUNCE_MS = 300;

interface ClientSearchProps {
  /** The search in the URL, the source of truth. */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * Typing is local and instant; the server search follows 300 ms after the last key. When the URL
 * changes on its own (back, forward, a link) the box follows it without triggering a new search.
 */
export function ClientSearch({ value, onSearch }: ClientSearchProps) {
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
      aria-label={t('wealth.clients.searchLabel')}
      placeholder={t('wealth.clients.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        input ? (
          <CloseButton
            aria-label={t('wealth.clients.clearSearch')}
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
      w={{ base: '100%', sm: 360 }}
    />
  );
}
