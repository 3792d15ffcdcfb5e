import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { isLinkToAnotherPage } from './link-click';

export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedSearchProps {
  /** The accessible name of the search box. */
  label: string;
  /** Shown above the box, as a filter's label among other labelled filters (else only its name). */
  isLabelVisible?: boolean;
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
 * A search that comes due while the user is already leaving the page is dropped: running it would start
 * a new navigation from this page and cancel the click. Leaving shows in three ways: a link to another
 * page was followed since the last key (seen at the click itself, before React renders anything: the
 * router's own state reaches components in a transition, after the search's timer may have fired), the
 * router is still loading the next page's code, or it has moved the address bar on while React,
 * rendering the next page in a transition, still shows this one.
 */
export function DebouncedSearch({
  label,
  isLabelVisible = false,
  placeholder,
  clearLabel,
  width,
  value,
  onSearch,
}: DebouncedSearchProps) {
  const [input, setInput] = useState(value);
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const lastDebounced = useRef(debounced);
  /** The last search this box asked for: `value` coming back as it is an echo, not a change of the URL. */
  const lastAsked = useRef(value);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const isLeaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  const lastKeyAt = useRef(0);
  const leavingClickAt = useRef(0);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isLinkToAnotherPage(event)) leavingClickAt.current = performance.now();
    };
    // Bubbling to the document comes after the router's link handler: `defaultPrevented` then means the
    // router took the click (a modifier click opens a new tab and leaves this page where it is).
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (leavingClickAt.current > lastKeyAt.current) return;
    if (isLeaving || window.location.pathname !== pathname) return;
    if (debounced.trim() !== value) {
      lastAsked.current = debounced.trim();
      onSearch(debounced.trim());
    }
  }, [debounced, value, onSearch, isLeaving, pathname]);

  useEffect(() => {
    // The box's own search coming back leaves what was typed since alone: on a busy device the answer
    // can render after more keys (the next search follows them), and writing it back lost them.
    if (value === lastAsked.current) return;
    lastAsked.current = value;
    setInput((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      {...(isLabelVisible ? { label } : { 'aria-label': label })}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        input ? (
          <CloseButton
            aria-label={clearLabel}
            onClick={() => {
              setInput('');
              lastAsked.current = '';
              onSearch('');
            }}
          />
        ) : null
      }
      value={input}
      onChange={(event) => {
        lastKeyAt.current = performance.now();
        setInput(event.currentTarget.value);
      }}
      maxLength={100}
      w={{ base: '100%', sm: width }}
    />
  );
}
