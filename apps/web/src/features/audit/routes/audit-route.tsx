import { type AuditEvent, canCall, wealth } from '@caudal/contract/routes';
import { Badge, Button, Center, Group, Loader, Paper, Select, Table, Text } from '@mantine/core';
import { IconFilterOff, IconHistory } from '@tabler/icons-react';
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
import { FilterChip } from '../components/filter-chip';
import { actorWithKind } from '../lib/audit-changes';
import {
  type AuditFilters,
  actionLabel,
  actionOptions,
  findActionOptions,
  parseAuditFilters,
  toAuditParams,
} from '../lib/audit-filters';
import { auditTargets } from '../lib/audit-targets';

/** `/audit` (admins): the company's log, newest first, filtered on the server and read in keyset pages. */
export function AuditRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { identity } = useSession();
  // Each change builds on the last one asked for: a client picked right after an action keeps it.
  const [params, changeParams] = useSearchParamsChange();
  const filters = parseAuditFilters(params);
  // Named in the page's language, so rebuilt when it changes; only the actions of the company's modules
  // (a call of another module is refused, so it is never in the log); the address's action is always one.
  const modules = identity.modules;
  const options = useMemo(() => actionOptions(t, filters.action, modules), [t, filters.action, modules]);
  // Without the client list (no wealth module) the picker cannot show the address's client: a chip does.
  const canPickClient = canCall(identity, wealth.clientList);
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
          {canPickClient ? (
            <ClientPicker value={filters.client} onChange={(client) => update({ client })} />
          ) : null}
          <AuditDateFields from={filters.from} to={filters.to} onChange={update} />
          {filters.client && !canPickClient ? (
            <FilterChip
              label={t('audit.filters.client')}
              value={filters.client}
              removeLabel={t('audit.filters.removeClient')}
              onRemove={() => update({ client: '' })}
            />
          ) : null}
          {filters.credential ? (
            <FilterChip
              label={t('audit.filters.credential')}
              value={filters.credential}
              removeLabel={t('audit.filters.removeCredential')}
              onRemove={() => update({ credential: '' })}
            />
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
                      <ActorCell actor={event.actor} />
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
                      <TargetsCell event={event} />
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

/** Who did it, and as what kind of actor (left out when the name already says it: the operator). */
function ActorCell({ actor }: { actor: AuditEvent['actor'] }) {
  const { t } = useTranslation();
  const { name, kind } = actorWithKind(t, actor);
  return (
    <>
      <Text size="sm">{name}</Text>
      {kind ? (
        <Text size="xs" c="dimmed">
          {kind}
        </Text>
      ) : null}
    </>
  );
}

/** What the event was on: each target by its name when known (the id, dimmed, beside it), else its id. */
function TargetsCell({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const targets = auditTargets(event);
  if (targets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return targets.map(({ kind, id, name }) => (
    <Text size="xs" key={kind} style={{ overflowWrap: 'anywhere' }}>
      {t(`audit.targets.${kind}`)}:{' '}
      {name ? (
        <>
          {name}{' '}
          <Text span size="xs" c="dimmed">
            ({id})
          </Text>
        </>
      ) : (
        id
      )}
    </Text>
  ));
}
