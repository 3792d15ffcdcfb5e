import { exports as exportCalls } from '@caudal/contract/routes';
import { Button, Group, Loader, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ClientMultiSelect } from '../../../shared/clients/client-multi-select';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/use-locale';
import {
  useAvailableExportsQuery,
  useExportStatusQuery,
  useGenerateExportMutation,
} from '../api/export-queries';
import { CsvDialectHint } from '../components/basic-step';
import { ExportDateFields } from '../components/export-date-fields';
import { ExportProgress } from '../components/export-progress';
import { RecentExports } from '../components/recent-exports';
import { useListedEntities } from '../components/use-listed-entities';
import { useOfferedEntities } from '../components/use-offered-entities';
import {
  EMPTY_EXPORT_FORM,
  type ExportFormState,
  findClientsWithoutEntities,
  toExportRequest,
  validateExport,
} from '../lib/export-form';

/** `/wealth/export2`, the quick export: clients, entities, document type, date from, date to. */
export function QuickExportRoute() {
  const { t } = useTranslation();
  const language = useLocale();
  const listed = useListedEntities();
  const documents = useAvailableExportsQuery();
  const [form, setForm] = useState<ExportFormState>({ ...EMPTY_EXPORT_FORM, type: null, format: null });
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [exportId, setExportId] = useState<string | null>(null);
  const generate = useGenerateExportMutation();
  const status = useExportStatusQuery(exportId);
  // The chosen clients' entities and their products' banks, new ones ticked (as in the wizard).
  const offered = useOfferedEntities(form.clients, false, (update) =>
    setForm((current) => ({ ...current, entityIds: update(current.entityIds) })),
  );
  const entities = offered.entities;

  const change = (patch: Partial<ExportFormState>, cleared: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))),
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const issues = validateExport(form, language);
    const found: Record<string, string | undefined> = {};
    for (const [field, issue] of Object.entries(issues)) {
      found[field === 'type' || field === 'format' ? 'document' : field] = translateDynamic(
        issue.message,
        issue.params,
      );
    }
    if (
      !found.entity_ids &&
      form.entityIds.length > 0 &&
      findClientsWithoutEntities(offered.clients, form.entityIds, listed).length > 0
    ) {
      found.entity_ids = t('validation.exportEntities');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    generate.mutate(toExportRequest(form, language), {
      onSuccess: (created) => {
        setExportId(created.id);
        notifySuccess(t('exports.generated'));
      },
      onError: (error) =>
        notifyFailure(t('exports.generateFailed'), translateDynamic(errorMessageKey(error))),
    });
  };

  const documentOptions = (documents.data ?? []).map((document) => ({
    value: document.id,
    label: t('exports.documents.name', {
      type: t(`exports.types.${document.type}`),
      format: t(`exports.formats.${document.format}`),
    }),
  }));

  return (
    <>
      <PageHeader title={t('exports.quick.title')} subtitle={t('exports.quick.subtitle')} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        {documents.isError ? (
          <ErrorPanel
            bare
            title={t('exports.quick.documentsError')}
            error={documents.error}
            onRetry={() => documents.refetch()}
          />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <ClientMultiSelect
                label={t('exports.fields.clients')}
                withAsterisk
                data-testid="export-clients"
                pick={(client) => client}
                max={exportCalls.EXPORT_CLIENTS_MAX}
                value={form.clients}
                onChange={(clients) => change({ clients }, ['client_ids', 'entity_ids'])}
                error={errors.client_ids}
              />
              <MultiSelect
                label={t('exports.fields.entities')}
                placeholder={form.entityIds.length === 0 ? t('exports.quick.entitiesPlaceholder') : undefined}
                withAsterisk
                data={entities.map((entity) => ({ value: entity.id, label: entity.name }))}
                value={form.entityIds}
                onChange={(entityIds) => change({ entityIds }, ['entity_ids'])}
                error={errors.entity_ids}
                disabled={form.clients.length === 0}
                rightSection={offered.isLoading ? <Loader size="xs" /> : undefined}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="export-entities"
              />
              <Select
                label={t('exports.fields.document')}
                placeholder={t('exports.quick.documentPlaceholder')}
                withAsterisk
                data={documentOptions}
                value={documentId}
                disabled={!documents.data}
                onChange={(id) => {
                  const document = documents.data?.find((item) => item.id === id);
                  setDocumentId(id);
                  change({ type: document?.type ?? null, format: document?.format ?? null }, ['document']);
                }}
                error={errors.document}
                comboboxProps={{ withinPortal: true }}
                data-testid="export-document"
              />
              {form.format === 'csv' ? <CsvDialectHint /> : null}
              {form.type === 'positions' ? (
                <Text size="sm" c="dimmed">
                  {t('exports.fields.positionsHint')}
                </Text>
              ) : (
                <ExportDateFields
                  from={form.dateFrom}
                  to={form.dateTo}
                  onChange={({ from, to }) =>
                    change({ dateFrom: from, dateTo: to }, ['date_from', 'date_to'])
                  }
                  errors={{ from: errors.date_from, to: errors.date_to }}
                />
              )}
              <Group>
                <Button
                  type="submit"
                  leftSection={<IconFileExport size={18} aria-hidden />}
                  loading={generate.isPending || offered.isLoading}
                >
                  {t('exports.quick.submit')}
                </Button>
              </Group>
              {exportId ? <ExportProgress item={status.data} /> : null}
            </Stack>
          </form>
        )}
      </Paper>
      <RecentExports />
    </>
  );
}
