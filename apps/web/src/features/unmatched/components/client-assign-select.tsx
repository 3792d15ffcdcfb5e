import type { UnmatchedProduct } from '@caudal/contract';
import { Badge, Group, Loader, Select, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptionsQuery } from '../api/unmatched-queries';
import type { Assignment, ClientChoice } from '../lib/assignments';

interface ClientAssignSelectProps {
  product: UnmatchedProduct;
  assignment: Assignment | undefined;
  suggested: boolean;
  onChange: (client: ClientChoice | null) => void;
  disabled?: boolean;
}

/** The input shows the name; the options add the alias, which tells namesakes apart. */
const label = (client: ClientChoice) => client.name;

/**
 * The client of one pending product, searched on the server. The suggested client is always the first
 * option and is marked, so "what the holder matches" stays visible even after choosing another one.
 */
export function ClientAssignSelect({
  product,
  assignment,
  suggested,
  onChange,
  disabled,
}: ClientAssignSelectProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const current: ClientChoice | null = assignment
    ? { id: assignment.clientId, name: assignment.clientName, alias: assignment.clientAlias }
    : null;
  // While a client is chosen the input shows its label, which is not a search.
  const query = current && search === label(current) ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  const clients = useClientOptionsQuery(debounced, opened);
  const suggestion = product.suggested_client;

  const choices = useMemo(() => {
    const byId = new Map<string, ClientChoice>();
    const add = (client: ClientChoice | null | undefined) => {
      if (client && !byId.has(client.id)) byId.set(client.id, client);
    };
    if (!debounced) add(suggestion);
    add(current);
    for (const client of opened ? (clients.data?.items ?? []) : []) add(client);
    return byId;
  }, [debounced, suggestion, current, opened, clients.data]);

  const data = useMemo(
    () => [...choices.values()].map((client) => ({ value: client.id, label: label(client) })),
    [choices],
  );

  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label={t('unmatched.assign.label', { product: product.name })}
        placeholder={t('unmatched.assign.placeholder')}
        data={data}
        value={current?.id ?? null}
        onChange={(id) => onChange(id ? (choices.get(id) ?? null) : null)}
        searchable
        clearable
        // Clicking the client already chosen (the suggestion, say, found again by name) keeps it: by
        // default the Select would clear it, so the row ends with no client after a click on one.
        // Clearing is the clear button's job.
        allowDeselect={false}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        // The server already filtered: do not filter its answer again on the client.
        filter={({ options }) => options}
        renderOption={({ option }) => {
          const client = choices.get(option.value);
          return (
            <Group gap={8} wrap="nowrap" justify="space-between" w="100%">
              <div>
                <Text size="sm">{client?.name ?? option.label}</Text>
                <Text size="xs" c="dimmed">
                  {client?.alias}
                </Text>
              </div>
              {option.value === suggestion?.id ? (
                <Badge size="xs" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
                  {t('unmatched.assign.suggested')}
                </Badge>
              ) : null}
            </Group>
          );
        }}
        nothingFoundMessage={clients.isFetching ? undefined : t('unmatched.assign.nothing')}
        rightSection={opened && clients.isFetching ? <Loader size={14} /> : undefined}
        disabled={disabled}
        size="sm"
        w={236}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true, width: 300, position: 'bottom-start' }}
      />
      {suggested ? (
        <Tooltip label={t('unmatched.assign.suggestedHint')} withArrow openDelay={300}>
          <Badge
            variant="light"
            color="teal"
            size="sm"
            tt="none"
            leftSection={<IconSparkles size={12} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {t('unmatched.assign.suggested')}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
