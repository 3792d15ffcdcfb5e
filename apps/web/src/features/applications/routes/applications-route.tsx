import { type Application, DATA_API_REFERENCE_PATH } from '@caudal/contract/routes';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconApps, IconBook2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useApplicationsQuery } from '../api/applications-api';
import { toAbsoluteUrl } from '../components/absolute-url';
import { ApplicationTable } from '../components/application-table';
import { CreateApplicationModal } from '../components/create-application-modal';
import { DeleteApplicationModal } from '../components/delete-application-modal';

type Dialog = { kind: 'create' } | { kind: 'delete'; application: Application } | null;

/** `/applications`: the company's API applications; create (secret shown once) and delete. */
export function ApplicationsRoute() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useApplicationsQuery();
  const language = useLocale();
  // The page's frame and loading state follow the portal's language (issue 22).
  const referenceUrl = toAbsoluteUrl(
    `${getRuntimeConfig().apiBaseUrl}${DATA_API_REFERENCE_PATH}?lang=${language}`,
  );

  const createButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      {t('applications.list.newApplication')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('applications.list.title')}
        subtitle={t('applications.list.subtitle')}
        actions={
          <Group gap="sm" wrap="wrap">
            <Button
              component="a"
              variant="default"
              href={referenceUrl}
              target="_blank"
              rel="noopener"
              title={t('applications.list.apiReferenceHint')}
              leftSection={<IconBook2 size={18} aria-hidden />}
            >
              {t('applications.list.apiReference')}
            </Button>
            {createButton}
          </Group>
        }
      />
      <Paper withBorder radius="md">
        {list.isError && !list.data ? (
          <ErrorPanel
            bare
            retryLabel={t('applications.list.retry')}
            title={t('applications.list.loadError')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : (
          <>
            {list.data && list.data.length > 0 ? (
              <Group justify="flex-end" px="md" pt="sm">
                <Text size="sm" c="dimmed">
                  {t('applications.list.total', { n: format.integer(list.data.length) })}
                </Text>
              </Group>
            ) : null}
            <ApplicationTable
              applications={list.data}
              refreshing={list.isFetching && list.data !== undefined}
              onDelete={(application) => setDialog({ kind: 'delete', application })}
              empty={
                <EmptyPanel
                  bare
                  icon={<IconApps size={26} stroke={1.6} aria-hidden />}
                  title={t('applications.list.emptyTitle')}
                  text={t('applications.list.emptyText')}
                  actions={createButton}
                />
              }
            />
          </>
        )}
      </Paper>
      <CreateApplicationModal opened={dialog?.kind === 'create'} onClose={() => setDialog(null)} />
      <DeleteApplicationModal
        application={dialog?.kind === 'delete' ? dialog.application : null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
