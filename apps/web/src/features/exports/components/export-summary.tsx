import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { countChosenClients, type ExportFormState } from '../lib/export-form';
import { useListedEntities } from './use-listed-entities';

/** What the file will hold, before it is generated. */
export function ExportSummary({ value }: { value: ExportFormState }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const listed = useListedEntities();
  const items: [string, string][] = [
    [t('exports.summary.type'), value.type ? t(`exports.types.${value.type}`) : '—'],
    [t('exports.summary.format'), value.format ? t(`exports.formats.${value.format}`) : '—'],
    [
      t('exports.summary.dates'),
      value.type === 'positions' || !value.dateFrom || !value.dateTo
        ? t('exports.summary.noDates')
        : t('exports.summary.datesValue', {
            from: format.date(value.dateFrom),
            to: format.date(value.dateTo),
          }),
    ],
    [
      t('exports.summary.clients'),
      value.clientFilter
        ? t(value.clientFilter.search ? 'exports.summary.allClientsSearch' : 'exports.summary.allClients', {
            search: value.clientFilter.search,
            n: format.integer(countChosenClients(value)),
          })
        : value.clients.map((client) => client.name).join(', '),
    ],
    [t('exports.summary.entities'), value.entityIds.map((id) => listed.get(id) ?? id).join(', ')],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {items.map(([label, text]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} lineClamp={3}>
            {text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
