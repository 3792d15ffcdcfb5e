import { type AuditEvent, canCall, wealth } from '@caudal/contract/routes';
import { Badge, Button, Center, Group, Loader, Paper, Select, Table, Text } from '@mantine/core';
import { IconFilterOff, IconHistory, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { localeIso } from '../../../shared/i18n/locale';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useSearchParamsChange } from '../../../shared/routing/pending-search';
import { useSession } from '../../../shared/session/session-context';
import { useAuditEventsQuery } from '../api/audit-queries';
import { AuditDateFields } from '../components/audit-date-fields';
import { AuditEventModal } from '../components/audit-event-modal';
import { AuditExport } from '../components/audit-export';
import { ClientPicker } from '../components/client-picker';
import {
  type AuditFilters,
  actionLabel,
  actionOptions,
  findActionOptions,
  parseAuditFilters,
  toAuditParams,
} from '../lib/audit-filters';

const TARGET_KINDS = ['client', 'credential', 'link', 'application', 'user'] as const;

/** `/audit` (admins): the company's log, newest first, filtered on the server and read in keyset pages. */
export function AuditRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Named in the page's language, so rebuilt when it changes.
  const options = useMemo(() => actionOptions(t), [t]);
  const { identity } = useSession();
  // Each change builds on the last one asked for: a client picked right after an action keeps it.
  const [params, changeParams] = useSearchParamsChange();
  const filters = parseAuditFilters(params);
  const update = (patch: Partial<AuditFilters>) =>
    changeParams((current) => toAuditParams({ ...parseAuditFilters(current), ...patch }), { replace: true });
  const events = useAuditEventsQuery(filters);
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const when = useMemo(() => {
    const format = new Intl.DateTimeFormat(localeIso(locale), { dateStyle: 'medium', timeStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        subtitle={t('audit.subtitle')}
        actions={<AuditExport filters={filters} />}
      />
      <Paper withBorder radius="md">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap">
          <DebouncedSearch
            label={t('audit.filters.actor')}
            isLabelVisible
            placeholder={t('audit.filters.actorPlaceholder')}
            clearLabel={t('audit.filters.clear')}
            width={200}
            value={filters.actor}
            onSearch={(actor) => update({ actor })}
          />
          <Select
            label={t('audit.filters.action')}
            placeholder={t('audit.filters.anyAction')}
            w={220}
            searchable
            clearable
            data={options}
            filter={({ options: all, search }) =>
              findActionOptions(all as { value: string; label: string }[], search)
            }
            value={filters.action || null}
            onChange={(action) => update({ action: action ?? '' })}
          />
          {canCall(identity, wealth.clientList) ? (
            <ClientPicker value={filters.client} onChange={(client) => update({ client })} />
          ) : null}
          <AuditDateFields from={filters.from} to={filters.to} onChange={update} />
          {filters.credential ? (
            <Badge
              size="lg"
              variant="light"
              rightSection={
                <IconX
                  size={14}
                  role="button"
                  tabIndex={0}
                  aria-label={t('audit.filters.removeCredential')}
                  style={{ cursor: 'pointer' }}
                  onClick={() => update({ credential: '' })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') update({ credential: '' });
                  }}
                />
              }
            >
              {t('audit.filters.credential')}: {filters.credential.slice(0, 12)}…
            </Badge>
          ) : null}
          {isFiltered ? (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => changeParams(() => new URLSearchParams(), { replace: true })}
            >
              {t('audit.filters.clear')}
            </Button>
          ) : null}
        </Group>
        {events.isError && items.length === 0 ? (
          <ErrorPanel
            bare
            title={t('audit.loadError')}
            error={events.error}
            retryLabel={t('audit.retry')}
            onRetry={() => events.refetch()}
          />
        ) : events.isPending ? (
          <Center p="xl">
            <Loader size="sm" aria-label={t('audit.loadingMore')} />
          </Center>
        ) : items.length === 0 ? (
          <EmptyPanel
            bare
            icon={<IconHistory size={26} stroke={1.6} aria-hidden />}
            title={t('audit.emptyTitle')}
            text={t('audit.emptyText')}
          />
        ) : (
          <TableScroll minWidth={760}>
            <Table striped highlightOnHover aria-label={t('audit.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.columns.when')}</Table.Th>
                  <Table.Th>{t('audit.columns.actor')}</Table.Th>
                  <Table.Th>{t('audit.columns.action')}</Table.Th>
                  <Table.Th>{t('audit.columns.target')}</Table.Th>
                  <Table.Th>{t('audit.columns.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={4}
                        aria-label={t('audit.open', { time: when(event.occurred_at) })}
                        onClick={() => setOpen(event)}
                      >
                        {when(event.occurred_at)}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{event.actor.name ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`audit.actorKinds.${event.actor.kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{actionLabel(t, event.action)}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {event.action}
                      </Text>
                      {event.kind !== 'change' &&
                      t(`audit.kinds.${event.kind}`) !== actionLabel(t, event.action) ? (
                        <Badge
                          size="sm"
                          variant="light"
                          color={event.kind === 'sign-in-failed' ? 'red' : 'gray'}
                        >
                          {t(`audit.kinds.${event.kind}`)}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {TARGET_KINDS.some((kind) => event.targets[kind]) ? (
                        TARGET_KINDS.filter((kind) => event.targets[kind]).map((kind) => (
                          <Text size="xs" key={kind} style={{ overflowWrap: 'anywhere' }}>
                            {t(`audit.targets.${kind}`)}:{' '}
                            {kind === 'client' && event.target_names.client ? (
                              <>
                                {event.target_names.client}{' '}
                                <Text span size="xs" c="dimmed">
                                  ({event.targets[kind]})
                                </Text>
                              </>
                            ) : (
                              event.targets[kind]
                            )}
                          </Text>
                        ))
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{event.ip ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {items.length > 0 ? (
          <Group justify="center" p="md">
            {events.hasNextPage ? (
              <Button
                variant="default"
                loading={events.isFetchingNextPage}
                onClick={() => events.fetchNextPage()}
              >
                {t('audit.more')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('audit.end')}
              </Text>
            )}
          </Group>
        ) : null}
      </Paper>
      <AuditEventModal event={open} when={when} onClose={() => setOpen(null)} />
    </>
  );
}
