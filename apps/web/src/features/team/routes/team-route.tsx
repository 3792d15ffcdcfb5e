import { STAFF_SORTS, type StaffMember } from '@caudal/contract/routes';
import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { ListEmptyPanel } from '../../../shared/components/list-empty-panel';
import { ListPanel } from '../../../shared/components/list-panel';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useSession } from '../../../shared/session/session-context';
import { useResendInvitationMutation } from '../api/team-mutations';
import { useStaffListQuery } from '../api/team-queries';
import { CompanyLanguage } from '../components/company-language';
import { EditStaffModal } from '../components/edit-staff-modal';
import { InviteStaffModal } from '../components/invite-staff-modal';
import { type PendingAction, StaffActionModal } from '../components/staff-action-modal';
import { StaffPager } from '../components/staff-pager';
import { type RowAction, StaffTable } from '../components/staff-table';
import { TwoFactorPolicy } from '../components/two-factor-policy';
import { parseListParams, toListParams } from '../lib/list-params';

/** `/team`: the company's staff, searched, sorted and paged on the server, the state kept in the URL. */
export function TeamRoute() {
  const { t } = useTranslation();
  const language = useLocale();
  const { identity } = useSession();
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const list = useStaffListQuery(state);
  const { page, refreshing, pager } = useListPageView(list, state, update);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const resend = useResendInvitationMutation();

  const onAction = (action: RowAction, member: StaffMember) => {
    if (action === 'edit') setEditing(member);
    else if (action === 'resend') {
      resend.mutate(
        { username: member.username, language },
        {
          onSuccess: (answer) => notifySuccess(t('team.resend.done', { email: answer.email ?? '' })),
          onError: (error) =>
            notifyFailure(t('team.resend.failed'), translateDynamic(errorMessageKey(error))),
        },
      );
    } else setPending({ action, member });
  };

  const inviteButton = (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
      {t('team.list.invite')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('team.list.title')} subtitle={t('team.list.subtitle')} actions={inviteButton} />
      <TwoFactorPolicy />
      <CompanyLanguage />
      <ListPanel
        list={list}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DebouncedSearch
              label={t('team.list.searchLabel')}
              placeholder={t('team.list.searchPlaceholder')}
              clearLabel={t('team.list.clearSearch')}
              width={320}
              value={state.search}
              onSearch={onSearch}
            />
            <Select
              label={t('team.list.sortLabel')}
              w={170}
              allowDeselect={false}
              value={state.sort}
              data={STAFF_SORTS.map((sort) => ({ value: sort, label: t(`team.list.sort.${sort}`) }))}
              onChange={(sort) => sort && update({ sort: sort as typeof state.sort, page: 1 })}
            />
            <Select
              label={t('team.list.orderLabel')}
              w={150}
              allowDeselect={false}
              value={state.order}
              data={(['asc', 'desc'] as const).map((order) => ({
                value: order,
                label: t(`team.list.order.${order}`),
              }))}
              onChange={(order) => order && update({ order: order === 'desc' ? 'desc' : 'asc', page: 1 })}
            />
          </Group>
        }
        totalLabel={(n) => t('team.list.total', { n })}
        errorTitle={t('team.list.loadError')}
        retryLabel={t('team.list.retry')}
        pager={pager ? <StaffPager {...pager} /> : null}
      >
        <StaffTable
          members={page?.items}
          refreshing={refreshing}
          self={identity.user.username}
          onAction={onAction}
          empty={
            <ListEmptyPanel
              filtered={state.search !== ''}
              noResults={{
                title: t('team.list.noResultsTitle', { search: state.search }),
                text: t('team.list.noResultsText'),
                clearLabel: t('team.list.clearSearch'),
                onClear: () => onSearch(''),
              }}
              empty={{
                icon: <IconUsers size={26} stroke={1.6} aria-hidden />,
                title: t('team.list.emptyTitle'),
                text: t('team.list.emptyText'),
                actions: inviteButton,
              }}
            />
          }
        />
      </ListPanel>
      <InviteStaffModal opened={inviting} onClose={() => setInviting(false)} />
      <EditStaffModal
        member={editing}
        isSelf={editing?.username.toLowerCase() === identity.user.username.toLowerCase()}
        onClose={() => setEditing(null)}
      />
      <StaffActionModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
