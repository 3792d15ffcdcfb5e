import { STAFF_PAGE_SIZE, type StaffMember, team } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
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

/**
 * The member as stored now, read again when a save was refused because a colleague changed them: there
 * is no call for one member, so the list searched by the username, paged until it holds them.
 * NotFound when they are gone (deleted meanwhile).
 */
export async function fetchStaffMember(username: string): Promise<StaffMember> {
  const wanted = username.toLowerCase();
  const pageSize = STAFF_PAGE_SIZE.max;
  for (let page = 1; ; page += 1) {
    const found = await callApiPage(team.listStaff, {
      search: username,
      sort: 'username',
      page,
      page_size: pageSize,
    });
    const member = found.items.find((item) => item.username.toLowerCase() === wanted);
    if (member) return member;
    if (page * pageSize >= found.total) throw new ApiError('NotFound', 404);
  }
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
