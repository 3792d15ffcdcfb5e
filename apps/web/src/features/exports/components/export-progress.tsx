import type { Export } from '@caudal/contract';
import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { downloadExport } from '../api/export-queries';
import { formatBytes } from '../lib/format-bytes';

interface ExportProgressProps {
  item: Export | undefined;
  onNewFile?: () => void;
}

/** Live state of one export: rows written while it runs, then Download (or the spec's failure text). */
export function ExportProgress({ item, onNewFile }: ExportProgressProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [isDownloading, setDownloading] = useState(false);
  if (!item) return <Loader size="sm" aria-label={t('exports.progress.label')} />;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadExport(item.id);
      notifySuccess(t('exports.download.started', { name: item.file_name }));
    } catch (error) {
      notifyFailure(t('exports.download.failed'), translateDynamic(errorMessageKey(error)));
    } finally {
      setDownloading(false);
    }
  };
  const newFile = onNewFile ? (
    <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onNewFile}>
      {t('exports.wizard.newFile')}
    </Button>
  ) : null;

  if (item.status === 'failed') {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t('errors.export')}
        </Alert>
        <Group>{newFile}</Group>
      </Stack>
    );
  }
  if (item.status === 'ready') {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconFileCheck size={18} aria-hidden />} role="status">
          <Text size="sm" fw={600}>
            {item.file_name}
          </Text>
          <Text size="sm">
            {t('exports.progress.ready', {
              rows: format.integer(item.rows_written),
              size: formatBytes(item.size_bytes, format.iso),
            })}
          </Text>
        </Alert>
        <Group>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={isDownloading}
            onClick={download}
          >
            {t('exports.list.download')}
          </Button>
          {newFile}
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="xs" aria-hidden />
        <Text size="sm">
          {item.status === 'queued'
            ? t('exports.progress.queued')
            : t('exports.progress.running', { rows: format.integer(item.rows_written) })}
        </Text>
      </Group>
      <Progress value={100} animated striped aria-label={t('exports.progress.label')} />
    </Stack>
  );
}
