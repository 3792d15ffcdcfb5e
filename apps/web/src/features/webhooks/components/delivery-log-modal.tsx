import type { WebhookDelivery, WebhookEndpoint } from '@caudal/contract/routes';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { EmptyPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useAttemptsQuery, useDeliveriesQuery, useReplayDelivery } from '../api/webhooks-api';

const STATUS_COLOR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** The endpoint's delivery log (14 days): each delivery, its attempts on demand, and replay. */
export function DeliveryLogModal({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deliveries = useDeliveriesQuery(endpoint?.id ?? null);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <AppModal
      opened={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.log.title', { url: endpoint?.url ?? '' })}
      centered
      size="xl"
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('webhooks.log.subtitle')}
        </Text>
        {deliveries.data && deliveries.data.items.length === 0 ? (
          <EmptyPanel
            bare
            icon={<IconInbox size={26} stroke={1.6} aria-hidden />}
            title={t('webhooks.log.emptyTitle')}
            text={t('webhooks.log.emptyText')}
          />
        ) : (
          <TableScroll minWidth={560}>
            <Table
              verticalSpacing="xs"
              aria-label={t('webhooks.log.tableLabel')}
              aria-busy={deliveries.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.log.event')}</Table.Th>
                  <Table.Th>{t('webhooks.log.created')}</Table.Th>
                  <Table.Th>{t('webhooks.log.status')}</Table.Th>
                  <Table.Th>{t('webhooks.log.lastAnswer')}</Table.Th>
                  <Table.Th>{t('webhooks.endpoints.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(deliveries.data?.items ?? []).map((delivery) => (
                  <Fragment key={delivery.id}>
                    <DeliveryRow
                      delivery={delivery}
                      isOpen={openId === delivery.id}
                      onToggle={() => setOpenId(openId === delivery.id ? null : delivery.id)}
                    />
                    {openId === delivery.id ? <AttemptsRow deliveryId={delivery.id} /> : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => deliveries.refetch()}
            loading={deliveries.isFetching && !deliveries.data}
          >
            {t('webhooks.log.refresh')}
          </Button>
          <Button onClick={onClose}>{t('webhooks.log.close')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function DeliveryRow({
  delivery,
  isOpen,
  onToggle,
}: {
  delivery: WebhookDelivery;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const replay = useReplayDelivery();
  return (
    <Table.Tr data-delivery-status={delivery.status}>
      <Table.Td>
        <Code>{delivery.event_type}</Code>
        {delivery.is_test ? (
          <Badge ml={6} size="xs" variant="light" color="gray">
            {t('webhooks.log.test')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{format.dateTime(delivery.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[delivery.status]}>
          {t(`webhooks.log.statuses.${delivery.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('webhooks.log.attempts')}: {format.integer(delivery.attempts)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{delivery.last_status_code ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onToggle} aria-expanded={isOpen}>
            {isOpen ? t('webhooks.log.hideAttempts') : t('webhooks.log.showAttempts')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            loading={replay.isPending}
            aria-label={t('webhooks.log.replayOf', { id: delivery.event_id })}
            onClick={() =>
              replay.mutate(delivery.id, {
                onSuccess: () => notifySuccess(t('webhooks.log.replayed')),
                onError: (error) =>
                  notifyFailure(t('webhooks.log.replayFailed'), translateDynamic(errorMessageKey(error))),
              })
            }
          >
            {t('webhooks.log.replay')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function AttemptsRow({ deliveryId }: { deliveryId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const attempts = useAttemptsQuery(deliveryId);
  return (
    <Table.Tr>
      <Table.Td colSpan={5} bg="gray.0">
        <Stack gap={4}>
          {(attempts.data ?? []).map((attempt) => (
            <Group key={attempt.attempted_at} gap="md" wrap="wrap" align="flex-start">
              <Text size="xs">{format.dateTime(attempt.attempted_at)}</Text>
              <Text size="xs" fw={600}>
                {attempt.status_code ?? t('webhooks.log.noAnswer', { error: attempt.error ?? '' })}
              </Text>
              <Text size="xs">
                {t('webhooks.log.latency')}: {format.integer(attempt.latency_ms)} ms
              </Text>
              {attempt.response_excerpt ? (
                <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {attempt.response_excerpt}
                </Code>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
