import type { Client } from '@caudal/contract';
import { Alert, Checkbox, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { findClientsWithNoEntity, findClientsWithoutEntities } from '../lib/export-form';
import { useListedEntities } from './use-listed-entities';

interface EntityStepProps {
  /** The chosen clients, each with the banks of its products among its entities (useOfferedEntities). */
  clients: readonly Client[];
  /** What the step offers (useOfferedEntities), in name order. */
  entities: readonly { id: string; name: string }[];
  /** Some chosen client's entities are still being asked for. */
  isLoading?: boolean;
  /** The whole filtered list is chosen: every listed entity is offered (its clients may hold any). */
  isWholeList?: boolean;
  value: string[];
  onChange: (entityIds: string[]) => void;
  error?: string | undefined;
}

/**
 * Step 3: the chosen clients' entities (listed ones only): those of their `entities` field and the banks
 * they hold products at; every chosen client needs one ticked.
 */
export function EntityStep({
  clients,
  entities,
  isLoading = false,
  isWholeList = false,
  value,
  onChange,
  error,
}: EntityStepProps) {
  const { t } = useTranslation();
  const listed = useListedEntities();
  if (entities.length === 0 && isLoading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('exports.entities.loading')}
        </Text>
      </Group>
    );
  }
  if (entities.length === 0) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {t('exports.entities.none')}
      </Alert>
    );
  }
  const without = value.length > 0 && !isWholeList ? findClientsWithoutEntities(clients, value, listed) : [];
  const withNone = isWholeList ? [] : findClientsWithNoEntity(clients, listed);
  const allChecked = entities.every((entity) => value.includes(entity.id));
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t(isWholeList ? 'exports.entities.filterIntro' : 'exports.entities.intro')}
        </Text>
        {isLoading ? <Loader size="xs" aria-label={t('exports.entities.loading')} /> : null}
      </Group>
      <Checkbox
        label={t('exports.entities.all')}
        checked={allChecked}
        indeterminate={!allChecked && value.length > 0}
        onChange={() => onChange(allChecked ? [] : entities.map((entity) => entity.id))}
        fw={600}
      />
      <Checkbox.Group
        label={t('exports.fields.entities')}
        withAsterisk
        value={value}
        onChange={onChange}
        error={error}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
          {entities.map((entity) => (
            <Checkbox key={entity.id} value={entity.id} label={entity.name} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {withNone.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="export-clients-no-entity">
          {t('exports.entities.noEntityClients', { names: withNone.map((client) => client.name).join(', ') })}
        </Text>
      ) : null}
      {without.length > 0 ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t('exports.entities.clientsWithout', { names: without.map((client) => client.name).join(', ') })}
        </Alert>
      ) : null}
    </Stack>
  );
}
