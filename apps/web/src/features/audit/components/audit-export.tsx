import type { AuditExport as AuditExportItem } from '@caudal/contract/routes';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/use-locale';
import {
  downloadAuditExport,
  useAuditExportStatusQuery,
  useExportAuditMutation,
} from '../api/audit-export-queries';
import type { AuditFilters } from '../lib/audit-filters';

/**
 * "Export CSV": the events the filters select, written by the export jobs; the state of the last one
 * asked for here, then its Download. The file is in the page's language (its CSV dialect too).
 */
export function AuditExport({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useExportAuditMutation();
  const status = useAuditExportStatusQuery(exportId);
  const ask = () =>
    start.mutate(
      { filters, language: locale },
      {
        onSuccess: (created) => {
          setExportId(created.id);
          notifySuccess(t('audit.export.started'));
        },
        onError: (error) =>
          notifyFailure(t('audit.export.startFailed'), translateDynamic(errorMessageKey(error))),
      },
    );
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {status.data ? <ExportState item={status.data} /> : null}
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} aria-hidden />}
        loading={start.isPending}
        title={t('audit.export.hint')}
        onClick={ask}
      >
        {t('audit.export.button')}
      </Button>
    </Group>
  );
}

function ExportState({ item }: { item: AuditExportItem }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [isDownloading, setDownloading] = useState(false);
  if (item.status === 'failed') {
    return (
      <Group gap={6} role="alert">
        <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
        <Text size="sm" c="red.9">
          {t('audit.export.failed')}
        </Text>
      </Group>
    );
  }
  if (item.status !== 'ready') {
    return (
      <Group gap={6} role="status" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm">
          {item.status === 'queued'
            ? t('audit.export.queued')
            : t('audit.export.running', { rows: format.integer(item.rows_written) })}
        </Text>
      </Group>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditExport(item.id);
      notifySuccess(t('audit.export.downloadStarted', { name: item.file_name }));
    } catch (error) {
      notifyFailure(t('audit.export.downloadFailed'), translateDynamic(errorMessageKey(error)));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Text size="sm">{t('audit.export.ready', { rows: format.integer(item.rows_written) })}</Text>
      <Button leftSection={<IconDownload size={16} aria-hidden />} loading={isDownloading} onClick={download}>
        {t('audit.export.download')}
      </Button>
    </Group>
  );
}
