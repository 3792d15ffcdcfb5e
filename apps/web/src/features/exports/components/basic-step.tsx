import { exports as exportCalls } from '@caudal/contract/routes';
import { Checkbox, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { ExportFormState } from '../lib/export-form';
import { ExportDateFields } from './export-date-fields';

interface BasicStepProps {
  value: ExportFormState;
  onChange: (change: Partial<ExportFormState>) => void;
  errors: Record<string, string | undefined>;
}

/** Step 1: type (custom picks its columns), file format and, for movements, the date range. */
export function BasicStep({ value, onChange, errors }: BasicStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('exports.fields.type')}
        withAsterisk
        value={value.type ?? ''}
        onChange={(type) => onChange({ type: type as ExportFormState['type'] })}
        error={errors.type}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
          {exportCalls.EXPORT_TYPES.map((type) => (
            <Radio.Card key={type} value={type} radius="md" p="md" withBorder>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {t(`exports.types.${type}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`exports.types.${type}Hint`)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="export-format-label">
          {t('exports.fields.format')}
        </Text>
        <SegmentedControl
          aria-labelledby="export-format-label"
          value={value.format ?? 'csv'}
          onChange={(format) => onChange({ format: format as ExportFormState['format'] })}
          data={exportCalls.EXPORT_FORMATS.map((format) => ({
            value: format,
            label: t(`exports.formats.${format}`),
          }))}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        {value.format === 'csv' ? <CsvDialectHint /> : null}
      </Stack>
      {value.type === 'custom' ? (
        <Checkbox.Group
          label={t('exports.fields.columns')}
          description={t('exports.fields.columnsHint')}
          withAsterisk
          value={value.columns}
          onChange={(columns) =>
            // Kept in the file's default order whatever order they are ticked in.
            onChange({
              columns: exportCalls.TRANSACTION_COLUMNS.filter((column) => columns.includes(column)),
            })
          }
          error={errors.columns}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs" spacing="xs">
            {exportCalls.TRANSACTION_COLUMNS.map((column) => (
              <Checkbox key={column} value={column} label={t(`exports.columns.${column}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      ) : null}
      {value.type === 'positions' ? (
        <Text size="sm" c="dimmed">
          {t('exports.fields.positionsHint')}
        </Text>
      ) : (
        <Stack gap={4}>
          <ExportDateFields
            from={value.dateFrom}
            to={value.dateTo}
            onChange={({ from, to }) => onChange({ dateFrom: from, dateTo: to })}
            errors={{ from: errors.date_from, to: errors.date_to }}
          />
          <Text size="xs" c="dimmed">
            {t('exports.fields.datesHint')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** Which separator and decimal mark the CSV takes: those of the language the export is made in. */
export function CsvDialectHint() {
  const { t } = useTranslation();
  const language = useLocale();
  return (
    <Text size="xs" c="dimmed" data-testid="export-csv-dialect">
      {t('exports.fields.csvDialect', exportCalls.EXPORT_CSV_DIALECTS[language])}
    </Text>
  );
}
