import type { UnmatchedProduct } from '@caudal/contract';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft, IconEyeCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ListPanel } from '../../../shared/components/list-panel';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel } from '../../../shared/components/state-panel';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useUnmatchedCountQuery } from '../../../shared/unmatched-count/unmatched-count-query';
import { useUnhideMutation } from '../api/unmatched-mutations';
import { useUnmatchedListQuery } from '../api/unmatched-queries';
import { HiddenTable } from '../components/hidden-table';
import { ListEmpty } from '../components/list-empty';
import { ListPager } from '../components/list-pager';
import { ListToolbar } from '../components/list-toolbar';
import { StaffOnly } from '../components/staff-only';
import { parseListParams, toListParams } from '../lib/list-params';
import { UNMATCHED_PATHS } from '../lib/unmatched-paths';

/** `/wealth/unmatched/hidden`: products set aside from the queue, each one restorable. */
export function UnmatchedHiddenRoute() {
  return (
    <StaffOnly>
      <UnmatchedHiddenScreen />
    </StaffOnly>
  );
}

function UnmatchedHiddenScreen() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const list = useUnmatchedListQuery('hidden', state);
  const { page, refreshing, pager } = useListPageView(list, state, update);
  const counts = useUnmatchedCountQuery(true);
  const unhide = useUnhideMutation();

  const onRestore = (product: UnmatchedProduct) =>
    unhide.mutate(product.holder_product_id, {
      onSuccess: () => notifySuccess(t('unmatched.hidden.restored', { product: product.name })),
      onError: (error) =>
        notifyFailure(t('unmatched.hidden.restoreFailed'), translateDynamic(errorMessageKey(error))),
    });

  const hidden = counts.data?.hidden;
  const empty = (
    <ListEmpty state={state} onClearFilters={() => update({ search: '', bank: '', page: 1 })}>
      <EmptyPanel
        bare
        icon={<IconEyeCheck size={26} stroke={1.6} aria-hidden />}
        title={t('unmatched.hidden.emptyTitle')}
        text={t('unmatched.hidden.emptyText')}
      />
    </ListEmpty>
  );

  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={to(UNMATCHED_PATHS.pending)} size="sm" fw={500}>
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('unmatched.hidden.back')}
          </Group>
        </Anchor>
      </Group>
      <PageHeader
        title={t('unmatched.hidden.title')}
        subtitle={hidden === undefined ? undefined : t('unmatched.hidden.count', { count: hidden })}
      />
      <ListPanel
        list={list}
        toolbar={
          <ListToolbar
            searchLabel={t('unmatched.hidden.searchLabel')}
            state={state}
            onSearch={onSearch}
            onBank={(bank) => update({ bank, page: 1 })}
          />
        }
        errorTitle={t('unmatched.hidden.loadError')}
        pager={pager ? <ListPager {...pager} /> : null}
      >
        <HiddenTable
          products={page?.items}
          refreshing={refreshing}
          restoring={unhide.isPending ? (unhide.variables ?? null) : null}
          onRestore={onRestore}
          empty={empty}
        />
      </ListPanel>
    </>
  );
}
