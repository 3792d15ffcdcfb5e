import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedSearchProps {
  /** The accessible name of the search box. */
  label: string;
  placeholder: string;
  /** The accessible name of the clear button. */
  clearLabel: string;
  /** Width from the `sm` breakpoint up; full width below it. */
  width: number;
  /** The search in the URL, the source of truth. */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * Typing is local and instant; the server search follows 300 ms after the last key. When the URL
 * changes on its own (back, forward, a link, "clear filters") the box follows it without a new search.
 */
export function DebouncedSearch({
  label,
  placeholder,
  clearLabel,
  width,
  value,
  onSearch,
}: DebouncedSearchProps) {
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
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        input ? (
          <CloseButton
            aria-label={clearLabel}
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
      w={{ base: '100%', sm: width }}
    />
  );
}
