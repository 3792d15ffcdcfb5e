import type { Link } from '@caudal/contract';
import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { ListEmptyPanel } from '../../../shared/components/list-empty-panel';
import { ListPanel } from '../../../shared/components/list-panel';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { type FeaturePagerProps, Pager, type PagerLabels } from '../../../shared/components/pager';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useSetLinkActiveMutation } from '../api/links-mutations';
import { useLinkListQuery } from '../api/links-queries';
import { DeleteLinkModal } from '../components/delete-link-modal';
import { LinkFormModal } from '../components/link-form-modal';
import { LinkTable } from '../components/link-table';
import { type LinkStatus, PAGE_SIZES, parseListParams, toListParams } from '../lib/list-params';

type Dialog = { kind: 'create' } | { kind: 'edit'; link: Link } | { kind: 'delete'; link: Link } | null;

/** `/links`: the company's Links, searched, filtered and paged on the server, all kept in the URL. */
export function LinksRoute() {
  const { t } = useTranslation();
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useLinkListQuery(state);
  const { page, refreshing, pager } = useListPageView(list, state, update);
  const setActive = useSetLinkActiveMutation();

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
  const empty = (
    <ListEmptyPanel
      filtered={state.search !== '' || state.status !== null}
      noResults={{
        // A status filter alone has no search to name: its one line becomes the title.
        title: state.search
          ? t('links.list.noResultsTitle', { search: state.search })
          : t('links.list.noResultsText'),
        text: state.search ? t('links.list.noResultsText') : undefined,
        clearLabel: t('links.list.clearFilters'),
        onClear: () => update({ search: '', status: null, page: 1 }),
      }}
      empty={{
        icon: <IconLink size={26} stroke={1.6} aria-hidden />,
        title: t('links.list.emptyTitle'),
        text: t('links.list.emptyText'),
        actions: createButton,
      }}
    />
  );

  return (
    <>
      <PageHeader title={t('links.list.title')} subtitle={t('links.list.subtitle')} actions={createButton} />
      <ListPanel
        list={list}
        toolbar={
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
        }
        totalLabel={(n) => t('links.list.total', { n })}
        errorTitle={t('links.list.loadError')}
        retryLabel={t('links.list.retry')}
        pager={pager ? <LinkPager {...pager} /> : null}
      >
        <LinkTable
          links={page?.items}
          refreshing={refreshing}
          empty={empty}
          onEdit={(link) => setDialog({ kind: 'edit', link })}
          onSetActive={onSetActive}
          onDelete={(link) => setDialog({ kind: 'delete', link })}
        />
      </ListPanel>
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
