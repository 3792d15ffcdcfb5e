import type { Client } from '@caudal/contract/routes';
import {
  Button,
  CheckIcon,
  CloseButton,
  Combobox,
  Group,
  Input,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../components/debounced-search';
import { useFormatters } from '../format/use-formatters';
import { type ClientChoice, useClientOptions } from './client-options';
import classes from './client-picker.module.css';

const LOAD_MORE = '__load-more__';

interface ClientMultiSelectProps<C extends ClientChoice> {
  /** The chosen clients, with their names (the pills show them). */
  value: readonly C[];
  onChange: (clients: C[]) => void;
  /** What the screen keeps of a client the user picks (the export form keeps it whole, entities too). */
  pick: (client: Client) => C;
  /** How many clients may be chosen. */
  max: number;
  label: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  withAsterisk?: boolean;
  'data-testid'?: string;
}

/**
 * The base of every multi-client picker. Clients chosen from the company's whole book without loading
 * it: the search runs on the server and the options page in 20 at a time (scrolling to the end, or the
 * "load more" option, fetches the next page: useClientOptions). Options toggle; the chosen ones stay
 * listed below as removable pills.
 */
export function ClientMultiSelect<C extends ClientChoice>({
  value,
  onChange,
  pick,
  max,
  label,
  description,
  error,
  disabled,
  withAsterisk,
  'data-testid': testId,
}: ClientMultiSelectProps<C>) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      setOpened(false);
      combobox.resetSelectedOption();
    },
  });
  const options = useClientOptions(debounced, opened);
  const loaded = options.clients;
  const total = options.total;
  const chosen = useMemo(() => new Set(value.map((client) => client.id)), [value]);
  const atLimit = value.length >= max;

  const toggle = (clientId: string) => {
    if (clientId === LOAD_MORE) {
      options.loadMore();
      return;
    }
    if (chosen.has(clientId)) {
      onChange(value.filter((client) => client.id !== clientId));
      return;
    }
    const client = loaded.find((candidate) => candidate.id === clientId);
    if (!client || atLimit) return;
    onChange([...value, pick(client)]);
  };

  return (
    <Stack gap={6}>
      <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
        <Combobox.Target>
          <TextInput
            label={label}
            description={description}
            error={error}
            withAsterisk={withAsterisk}
            data-testid={testId}
            placeholder={t('shell.clientPicker.placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={opened && options.isFetching ? <Loader size={14} /> : null}
            value={search}
            disabled={disabled}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          {/* The list scrolls natively and is itself in the tab order: its options take no focus (the input
              keeps it), so a scrolling box inside the listbox would be unreachable by keyboard (axe
              scrollable-region-focusable), and a focusable box there is not an option (axe
              aria-required-children). */}
          <Combobox.Options
            aria-label={label}
            aria-multiselectable="true"
            className={classes.optionList}
            tabIndex={0}
            onScroll={(event) => {
              const list = event.currentTarget;
              if (list.scrollTop + list.clientHeight >= list.scrollHeight - 4) options.loadMore();
            }}
          >
            {options.isError ? (
              <Combobox.Empty>{t('shell.clientPicker.loadError')}</Combobox.Empty>
            ) : loaded.length === 0 ? (
              <Combobox.Empty>
                {options.isFetching ? t('shell.clientPicker.searching') : t('shell.clientPicker.nothing')}
              </Combobox.Empty>
            ) : (
              loaded.map((client) => {
                const selected = chosen.has(client.id);
                return (
                  <Combobox.Option
                    key={client.id}
                    value={client.id}
                    active={selected}
                    aria-selected={selected}
                    disabled={!selected && atLimit}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <span className={classes.check} data-checked={selected || undefined} aria-hidden>
                        {selected ? <CheckIcon size={10} /> : null}
                      </span>
                      <div className={classes.optionText}>
                        <Text size="sm" truncate>
                          {client.name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {client.alias}
                        </Text>
                      </div>
                    </Group>
                  </Combobox.Option>
                );
              })
            )}
            {options.hasMore ? (
              <Combobox.Option value={LOAD_MORE} className={classes.loadMore}>
                {options.isFetchingMore ? <Loader size={14} /> : t('shell.clientPicker.loadMore')}
              </Combobox.Option>
            ) : null}
          </Combobox.Options>
          {total > 0 ? (
            <Combobox.Footer>
              <Text size="xs" c="dimmed">
                {t('shell.clientPicker.shown', {
                  shown: format.integer(loaded.length),
                  total: format.integer(total),
                })}
              </Text>
            </Combobox.Footer>
          ) : null}
        </Combobox.Dropdown>
      </Combobox>
      <ChosenClients value={value} onChange={onChange} max={max} disabled={disabled} />
    </Stack>
  );
}

/** The chosen clients as pills, each with its own remove button, and a count that screen readers hear. */
function ChosenClients<C extends ClientChoice>({
  value,
  onChange,
  max,
  disabled,
}: Pick<ClientMultiSelectProps<C>, 'value' | 'onChange' | 'max' | 'disabled'>) {
  const { t } = useTranslation();
  const format = useFormatters();
  const count =
    value.length === 0
      ? t('shell.clientPicker.none')
      : value.length === 1
        ? t('shell.clientPicker.selectedOne')
        : t('shell.clientPicker.selected', { n: format.integer(value.length) });
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count}
        </Text>
        {value.length > 1 ? (
          <Button
            variant="subtle"
            size="compact-xs"
            color="gray"
            onClick={() => onChange([])}
            disabled={disabled}
          >
            {t('shell.clientPicker.clearAll')}
          </Button>
        ) : null}
      </Group>
      {value.length > 0 ? (
        <ScrollArea.Autosize mah={168} type="auto" className={classes.chosen}>
          {/* Real buttons (Mantine's pill remove button is hidden from keyboards and screen readers). */}
          <ul className={classes.chips}>
            {value.map((client) => (
              <li key={client.id} className={classes.chip}>
                <span className={classes.chipName}>{client.name}</span>
                <CloseButton
                  size="sm"
                  radius="xl"
                  disabled={disabled}
                  aria-label={t('shell.clientPicker.remove', { name: client.name })}
                  onClick={() => onChange(value.filter((other) => other.id !== client.id))}
                />
              </li>
            ))}
          </ul>
        </ScrollArea.Autosize>
      ) : null}
      {value.length >= max ? (
        <Input.Description>{t('shell.clientPicker.limit', { n: format.integer(max) })}</Input.Description>
      ) : null}
    </Stack>
  );
}
