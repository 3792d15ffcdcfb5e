import type { UnmatchedProduct } from '@caudal/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconEyeOff } from '@tabler/icons-react';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPanel } from '../../../shared/components/list-panel';
import { notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel } from '../../../shared/components/state-panel';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useUnmatchedCountQuery } from '../../../shared/unmatched-count/unmatched-count-query';
import { useConfirmAllMutation } from '../api/unmatched-mutations';
import { useUnmatchedListQuery } from '../api/unmatched-queries';
import { AssignmentBar } from '../components/assignment-bar';
import { ConfirmAllModal } from '../components/confirm-all-modal';
import { ListEmpty } from '../components/list-empty';
import { ListPager } from '../components/list-pager';
import { ListToolbar } from '../components/list-toolbar';
import { PendingTable } from '../components/pending-table';
import { StaffOnly } from '../components/staff-only';
import { useHideProduct } from '../components/use-hide-product';
import {
  type AssignmentState,
  applySuggestions,
  assign,
  type ClientChoice,
  clearAssignments,
  EMPTY_ASSIGNMENTS,
  forgetProducts,
  syncWithPage,
} from '../lib/assignments';
import { parseListParams, toListParams, viewKey } from '../lib/list-params';
import { countProducts, groupByClient, summarizeResults } from '../lib/match-plan';
import { UNMATCHED_PATHS } from '../lib/unmatched-paths';

/**
 * `/wealth/unmatched`: the daily queue. Each row gets a client (its suggestion by default); "Confirm
 * all" assigns them with one call per client. Choices live in this component, keyed by product id, so
 * they survive paging and filtering within the visit.
 */
export function UnmatchedRoute() {
  return (
    <StaffOnly>
      <UnmatchedScreen />
    </StaffOnly>
  );
}

function UnmatchedScreen() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const list = useUnmatchedListQuery('pending', state);
  const { page, refreshing, pager } = useListPageView(list, state, update);
  const counts = useUnmatchedCountQuery(true);
  const [choices, setChoices] = useState<AssignmentState>(EMPTY_ASSIGNMENTS);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const confirmAll = useConfirmAllMutation();

  const fresh = page && !list.isPlaceholderData ? page.items : undefined;
  const view = viewKey(state);
  // Before paint, so suggestions never flash in after the rows.
  useLayoutEffect(() => {
    if (fresh) setChoices((current) => syncWithPage(current, view, fresh));
  }, [fresh, view]);

  const forget = useCallback((productId: string) => {
    setChoices((current) => forgetProducts(current, [productId]));
  }, []);
  const hide = useHideProduct(forget);
  const onAssign = useCallback((product: UnmatchedProduct, client: ClientChoice | null) => {
    setChoices((current) => assign(current, product, client));
    setFailures((current) => {
      if (!(product.holder_product_id in current)) return current;
      const { [product.holder_product_id]: _, ...rest } = current;
      return rest;
    });
  }, []);

  const groups = useMemo(() => groupByClient(choices.assignments), [choices.assignments]);
  const assignedCount = countProducts(groups);
  const canSuggest = (page?.items ?? []).some((product) => product.suggested_client);

  const onConfirm = () => {
    confirmAll.mutate(groups, {
      onSuccess: (results) => {
        const summary = summarizeResults(results);
        setChoices((current) => forgetProducts(current, summary.matchedProductIds));
        setFailures(summary.failedProducts);
        setConfirming(false);
        const reasons = summary.reasonKeys.map((key) => translateDynamic(key)).join(' ');
        if (summary.kind === 'success') {
          notifySuccess(t('unmatched.result.success', { count: summary.matched }));
        } else {
          notifications.show({
            color: summary.kind === 'partial' ? 'yellow' : 'red',
            autoClose: 10_000,
            title:
              summary.kind === 'partial'
                ? t('unmatched.result.partialTitle', { failed: summary.failed, total: summary.total })
                : t('unmatched.result.failedTitle'),
            message:
              summary.kind === 'partial'
                ? t('unmatched.result.partialText', { matched: summary.matched, reasons })
                : reasons,
          });
        }
      },
    });
  };

  const pending = counts.data?.pending;
  const hiddenCount = counts.data?.hidden;
  const empty = (
    <ListEmpty state={state} onClearFilters={() => update({ search: '', bank: '', page: 1 })}>
      <EmptyPanel
        bare
        icon={<IconChecks size={26} stroke={1.6} aria-hidden />}
        title={t('unmatched.pending.emptyTitle')}
        text={t('unmatched.pending.emptyText')}
      />
    </ListEmpty>
  );
  const showBar = assignedCount > 0 || (page?.items.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={t('unmatched.pending.title')}
        subtitle={pending === undefined ? undefined : t('unmatched.pending.count', { count: pending })}
        actions={
          <Button
            component={Link}
            to={to(UNMATCHED_PATHS.hidden)}
            variant="default"
            leftSection={<IconEyeOff size={16} aria-hidden />}
          >
            {hiddenCount === undefined
              ? t('unmatched.pending.hiddenLinkPlain')
              : t('unmatched.pending.hiddenLink', { count: hiddenCount })}
          </Button>
        }
      />
      <ListPanel
        list={list}
        toolbar={
          <ListToolbar
            searchLabel={t('unmatched.pending.searchLabel')}
            state={state}
            onSearch={onSearch}
            onBank={(bank) => update({ bank, page: 1 })}
          />
        }
        errorTitle={t('unmatched.pending.loadError')}
        pager={pager ? <ListPager {...pager} /> : null}
      >
        <PendingTable
          products={page?.items}
          assignments={choices.assignments}
          failures={failures}
          refreshing={refreshing}
          busy={confirmAll.isPending}
          onAssign={onAssign}
          onHide={hide}
          empty={empty}
        />
      </ListPanel>
      {showBar ? (
        <AssignmentBar
          products={assignedCount}
          clients={groups.length}
          canSuggest={canSuggest}
          busy={confirmAll.isPending}
          onUseSuggestions={() => page && setChoices((current) => applySuggestions(current, page.items))}
          onClear={() => {
            setChoices(clearAssignments);
            setFailures({});
          }}
          onConfirmAll={() => setConfirming(true)}
        />
      ) : null}
      <ConfirmAllModal
        opened={confirming}
        groups={groups}
        loading={confirmAll.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
