import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@caudal/contract/routes';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import {
  useDeleteEndpoint,
  useEndpointsQuery,
  useRotateEndpointSecret,
  useSendTestEvent,
  useUpdateEndpoint,
} from '../api/webhooks-api';
import { DeliveryLogModal } from './delivery-log-modal';
import { EndpointFormModal } from './endpoint-form-modal';
import { RotateModal } from './rotate-modal';
import { SecretOnce } from './secret-once';

type Dialog =
  | { kind: 'create' }
  | { kind: 'log' | 'rotate' | 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; rotated: WebhookEndpointWithSecret }
  | null;

/** The Webhooks tab: the application's endpoints and what can be done to each. */
export function EndpointsPanel({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const list = useEndpointsQuery(clientId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteEndpoint();
  const rotate = useRotateEndpointSecret();
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      {t('webhooks.endpoints.add')}
    </Button>
  );
  const selected = dialog && 'endpoint' in dialog ? dialog.endpoint : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text fw={700}>{t('webhooks.endpoints.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('webhooks.endpoints.subtitle')}
          </Text>
        </div>
        {addButton}
      </Group>
      <Paper withBorder radius="md">
        {list.isError && !list.data ? (
          <ErrorPanel
            bare
            title={t('webhooks.page.loadError')}
            retryLabel={t('webhooks.page.retry')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : list.data && list.data.length === 0 ? (
          <EmptyPanel
            bare
            icon={<IconWebhook size={26} stroke={1.6} aria-hidden />}
            title={t('webhooks.endpoints.emptyTitle')}
            text={t('webhooks.endpoints.emptyText')}
            actions={addButton}
          />
        ) : (
          <TableScroll minWidth={520}>
            <Table
              verticalSpacing="sm"
              aria-label={t('webhooks.endpoints.tableLabel')}
              aria-busy={list.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.endpoints.url')}</Table.Th>
                  <Table.Th>{t('webhooks.endpoints.events')}</Table.Th>
                  <Table.Th>{t('webhooks.endpoints.status')}</Table.Th>
                  <Table.Th w={64}>
                    <VisuallyHidden>{t('webhooks.endpoints.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data === undefined ? (
                  <TableSkeletonRows columns={4} rows={2} />
                ) : (
                  list.data.map((endpoint) => (
                    <EndpointRow
                      key={endpoint.id}
                      endpoint={endpoint}
                      onOpen={(kind) => setDialog({ kind, endpoint })}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <EndpointFormModal
        clientId={clientId}
        opened={dialog?.kind === 'create'}
        onClose={() => setDialog(null)}
      />
      <DeliveryLogModal endpoint={dialog?.kind === 'log' ? selected : null} onClose={() => setDialog(null)} />
      <RotateModal
        opened={dialog?.kind === 'rotate'}
        title={t('webhooks.rotate.title')}
        text={t('webhooks.rotate.text')}
        loading={rotate.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(hours) =>
          selected &&
          rotate.mutate(
            { id: selected.id, overlap_hours: hours },
            {
              onSuccess: (rotated) => setDialog({ kind: 'secret', rotated }),
              onError: (error) =>
                notifyFailure(t('webhooks.rotate.failed'), translateDynamic(errorMessageKey(error))),
            },
          )
        }
      />
      <AppModal
        opened={dialog?.kind === 'secret'}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('webhooks.secret.title')}
        centered
        size="lg"
      >
        {dialog?.kind === 'secret' ? (
          <SecretOnce
            warning={t('webhooks.secret.warning')}
            label={t('webhooks.secret.label')}
            copyLabel={t('webhooks.secret.copy')}
            value={dialog.rotated.secret}
            onDone={() => setDialog(null)}
          />
        ) : null}
      </AppModal>
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        title={t('webhooks.remove.title')}
        confirmLabel={t('webhooks.remove.confirm')}
        cancelLabel={t('webhooks.remove.cancel')}
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          selected &&
          remove.mutate(selected.id, {
            onSuccess: () => {
              notifySuccess(t('webhooks.remove.done'));
              setDialog(null);
            },
            onError: (error) =>
              notifyFailure(t('webhooks.remove.failed'), translateDynamic(errorMessageKey(error))),
          })
        }
      >
        <ConfirmText>{t('webhooks.remove.text', { url: selected?.url ?? '' })}</ConfirmText>
      </ConfirmModal>
    </Stack>
  );
}

function EndpointRow({
  endpoint,
  onOpen,
}: {
  endpoint: WebhookEndpoint;
  onOpen: (kind: 'log' | 'rotate' | 'delete') => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const update = useUpdateEndpoint();
  const sendTest = useSendTestEvent();
  const failed = (title: string) => (error: unknown) =>
    notifyFailure(title, translateDynamic(errorMessageKey(error)));
  const status = endpoint.enabled
    ? { color: 'teal', label: t('webhooks.endpoints.active') }
    : endpoint.paused_reason === 'failing'
      ? { color: 'red', label: t('webhooks.endpoints.pausedFailing') }
      : { color: 'gray', label: t('webhooks.endpoints.pausedManual') };
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600} ff="monospace">
          {endpoint.url}
        </Text>
        {endpoint.previous_secret_expires_at ? (
          <Text size="xs" c="dimmed">
            {t('webhooks.endpoints.overlap', { date: format.dateTime(endpoint.previous_secret_expires_at) })}
          </Text>
        ) : null}
        {endpoint.failing_since ? (
          <Text size="xs" c="red.8">
            {t('webhooks.endpoints.failingSince', { date: format.dateTime(endpoint.failing_since) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{endpoint.event_types.join(', ')}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={status.color}>
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('webhooks.endpoints.actionsOf', { url: endpoint.url })}
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onOpen('log')}>{t('webhooks.endpoints.deliveries')}</Menu.Item>
            <Menu.Item
              disabled={!endpoint.enabled}
              onClick={() =>
                sendTest.mutate(endpoint.id, {
                  onSuccess: () => notifySuccess(t('webhooks.endpoints.testSent')),
                  onError: failed(t('webhooks.endpoints.testFailed')),
                })
              }
            >
              {t('webhooks.endpoints.sendTest')}
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                update.mutate(
                  { id: endpoint.id, enabled: !endpoint.enabled },
                  {
                    onSuccess: () =>
                      notifySuccess(
                        endpoint.enabled ? t('webhooks.endpoints.paused') : t('webhooks.endpoints.resumed'),
                      ),
                    onError: failed(t('webhooks.endpoints.updateFailed')),
                  },
                )
              }
            >
              {endpoint.enabled ? t('webhooks.endpoints.pause') : t('webhooks.endpoints.resume')}
            </Menu.Item>
            <Menu.Item onClick={() => onOpen('rotate')}>{t('webhooks.endpoints.rotate')}</Menu.Item>
            <Menu.Item color="red" onClick={() => onOpen('delete')}>
              {t('webhooks.endpoints.remove')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
