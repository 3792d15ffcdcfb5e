import type { Export } from '@caudal/contract';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFileOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { downloadExport, useExportListQuery } from '../api/export-queries';
import { formatBytes } from '../lib/format-bytes';

/** Dark shades: the light badge's text keeps a 4.5:1 contrast on its tinted background. */
const STATUS_COLORS = { queued: 'gray.8', running: 'blue.9', ready: 'teal.9', failed: 'red.9' } as const;

/** The recent exports the caller may see (staff: the company's; a portal user: their own), with download. */
export function RecentExports() {
  const { t } = useTranslation();
  const list = useExportListQuery();
  return (
    <Stack gap="sm" mt="xl" component="section" aria-labelledby="recent-exports-title">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="recent-exports-title">
          {t('exports.list.title')}
        </Title>
        <Tooltip label={t('exports.list.refresh')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('exports.list.refresh')}
            loading={list.isFetching}
            onClick={() => list.refetch()}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {list.isError && !list.data ? (
        <ErrorPanel title={t('exports.list.loadError')} error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Paper withBorder radius="md" p="md" aria-busy="true">
          <Stack gap="xs">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} h={28} />
            ))}
          </Stack>
        </Paper>
      ) : list.data.length === 0 ? (
        <EmptyPanel
          icon={<IconFileOff size={26} stroke={1.6} aria-hidden />}
          title={t('exports.list.empty')}
        />
      ) : (
        <Paper withBorder radius="md">
          {/* On a phone each export is a card: its state, rows, size, dates and download all in view. */}
          <TableScroll minWidth={760}>
            <Table verticalSpacing="xs" aria-label={t('exports.list.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exports.list.file')}</Table.Th>
                  <Table.Th>{t('exports.list.status')}</Table.Th>
                  <Table.Th ta="right">{t('exports.list.rows')}</Table.Th>
                  <Table.Th ta="right">{t('exports.list.size')}</Table.Th>
                  <Table.Th>{t('exports.list.created')}</Table.Th>
                  <Table.Th>{t('exports.list.expires')}</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>{t('exports.list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((item) => (
                  <ExportRow key={item.id} item={item} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      )}
    </Stack>
  );
}

function ExportRow({ item }: { item: Export }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [isDownloading, setDownloading] = useState(false);
  const dateTime = format.dateTime;
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
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {item.file_name}
        </Text>
      </Table.Td>
      <Table.Td style={{ width: '1%', whiteSpace: 'nowrap' }}>
        <Badge
          variant="light"
          color={STATUS_COLORS[item.status]}
          style={{ overflow: 'visible' }}
          data-export-status={item.status}
        >
          {t(`exports.status.${item.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{format.integer(item.rows_written)}</Table.Td>
      <Table.Td ta="right">
        {item.status === 'ready' ? formatBytes(item.size_bytes, format.iso) : '—'}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(item.created_at)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {item.expires_at ? dateTime(item.expires_at) : '—'}
      </Table.Td>
      <Table.Td>
        {item.status === 'ready' ? (
          <Tooltip label={t('exports.list.download')}>
            <ActionIcon
              variant="light"
              aria-label={t('exports.list.downloadFile', { name: item.file_name })}
              loading={isDownloading}
              onClick={download}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
