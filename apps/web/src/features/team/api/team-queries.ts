import { team } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../shared/api/call-api';
import type { StaffListState } from '../lib/list-params';
import { teamKeys } from './team-keys';

/** One server page of the company's staff; the previous page stays on screen while the next loads. */
export function useStaffListQuery(state: StaffListState) {
  return useQuery({
    queryKey: teamKeys.list(state),
    queryFn: ({ signal }) =>
      callApiPage(
        team.listStaff,
        {
          ...(state.search ? { search: state.search } : {}),
          sort: state.sort,
          order: state.order,
          page: state.page,
          page_size: state.pageSize,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Who an invitation link is for; it may have been used, revoked or expired since it was mailed. */
export function useInvitationQuery(token: string | null) {
  return useQuery({
    queryKey: teamKeys.invitation(token ?? ''),
    queryFn: ({ signal }) => callApi(team.getInvitation, { token: token ?? '' }, { signal }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTwoFactorPolicyQuery() {
  return useQuery({
    queryKey: teamKeys.twoFactorPolicy(),
    queryFn: ({ signal }) => callApi(team.getTwoFactorPolicy, {}, { signal }),
  });
}

/** The language holders' mails fall back to. */
export function useCompanyLanguageQuery() {
  return useQuery({
    queryKey: teamKeys.companyLanguage(),
    queryFn: ({ signal }) => callApi(team.getCompanyLanguage, {}, { signal }),
  });
}
