import type { Link } from '@caudal/contract';
import { Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconLink, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { lastPage } from '../../../shared/components/page-range';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useSetLinkActiveMutation } from '../api/links-mutations';
import { useLinkListQuery } from '../api/links-queries';
import { DeleteLinkModal } from '../components/delete-link-modal';
import { LinkFormModal } from '../components/link-form-modal';
import { LinkTable } from '../components/link-table';
import {
  type LinkListState,
  type LinkStatus,
  PAGE_SIZES,
  parseListParams,
  toListParams,
} from '../lib/list-params';

type Dialog = { kind: 'create' } | { kind: 'edit'; link: Link } | { kind: 'delete'; link: Link } | null;

/** `/links`: the company's Links, searched, filtered and paged on the server, all kept in the URL. */
export function LinksRoute() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const state = parseListParams(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useLinkListQuery(state);
  const setActive = useSetLinkActiveMutation();

  const update = useCallback(
    (change: Partial<LinkListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => toListParams({ ...parseListParams(current), ...change }), options);
    },
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);

  const page = list.data;
  if (page && !list.isPlaceholderData && page.items.length === 0 && state.page > 1 && page.total > 0) {
    const last = lastPage(page.total, state.pageSize);
    if (last !== state.page) queueMicrotask(() => update({ page: last }, { replace: true }));
  }

  const onSetActive = (link: Link, active: boolean) =>
    setActive.mutate(
      { link, active },
      {
        onSuccess: () =>
          notifySuccess(t(active ? 'links.actions.resumed' : 'links.actions.paused', { name: link.name })),
        // Spec section 8: a failed pause or resume is 'UnexpectedError'.
        onError: () =>
          notifyFailure(
            t(active ? 'links.actions.resumeFailed' : 'links.actions.pauseFailed'),
            t('errors.codes.UnexpectedError'),
          ),
      },
    );

  const createButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      {t('links.list.newLink')}
    </Button>
  );
  const filtered = state.search !== '' || state.status !== null;
  const empty = filtered ? (
    <EmptyPanel
      bare
      icon={<IconSearchOff size={26} stroke={1.6} aria-hidden />}
      title={
        state.search
          ? t('links.list.noResultsTitle', { search: state.search })
          : t('links.list.noResultsText')
      }
      text={state.search ? t('links.list.noResultsText') : undefined}
      actions={
        <Button variant="default" onClick={() => update({ search: '', status: null, page: 1 })}>
          {t('links.list.clearFilters')}
        </Button>
      }
    />
  ) : (
    <EmptyPanel
      bare
      icon={<IconLink size={26} stroke={1.6} aria-hidden />}
      title={t('links.list.emptyTitle')}
      text={t('links.list.emptyText')}
      actions={createButton}
    />
  );

  return (
    <>
      <PageHeader title={t('links.list.title')} subtitle={t('links.list.subtitle')} actions={createButton} />
      <Paper withBorder radius="md">
        <Group justify="space-between" p="md" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
            <DebouncedSearch
              label={t('links.list.search')}
              placeholder={t('links.list.searchPlaceholder')}
              clearLabel={t('links.list.clearSearch')}
              width={280}
              value={state.search}
              onSearch={onSearch}
            />
            <SegmentedControl
              aria-label={t('links.list.status')}
              value={state.status ?? 'all'}
              onChange={(value) =>
                update({ status: value === 'all' ? null : (value as LinkStatus), page: 1 })
              }
              data={[
                { value: 'all', label: t('links.list.statusAll') },
                { value: 'active', label: t('links.list.statusActive') },
                { value: 'paused', label: t('links.list.statusPaused') },
              ]}
            />
          </Group>
          {page ? (
            <Text size="sm" c="dimmed">
              {t('links.list.total', { n: format.integer(page.total) })}
            </Text>
          ) : null}
        </Group>
        {list.isError && !page ? (
          <ErrorPanel
            bare
            retryLabel={t('links.list.retry')}
            title={t('links.list.loadError')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : (
          <>
            <LinkTable
              links={page?.items}
              refreshing={list.isPlaceholderData && list.isFetching}
              empty={empty}
              onEdit={(link) => setDialog({ kind: 'edit', link })}
              onSetActive={onSetActive}
              onDelete={(link) => setDialog({ kind: 'delete', link })}
            />
            {page && page.total > 0 ? (
              <LinkPager
                page={state.page}
                pageSize={state.pageSize}
                rows={page.items.length}
                total={page.total}
                onPage={(next) => update({ page: next })}
                onPageSize={(pageSize) => update({ pageSize, page: 1 })}
              />
            ) : null}
          </>
        )}
      </Paper>
      <LinkFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        link={dialog?.kind === 'edit' ? dialog.link : null}
        onClose={() => setDialog(null)}
      />
      <DeleteLinkModal
        link={dialog?.kind === 'delete' ? dialog.link : null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function LinkPager(props: FeaturePagerProps) {
  const { t } = useTranslation();
  const labels: PagerLabels = {
    range: (range) => t('links.list.paging.range', range),
    pageSize: t('links.list.paging.pageSize'),
    navigation: t('links.list.paging.navigation'),
    control: (control) => t(`links.list.paging.${control}`),
    page: (page) => t('links.list.paging.page', { page }),
  };
  return <Pager {...props} pageSizes={PAGE_SIZES} labels={labels} />;
}
