import type { StaffListState } from '../lib/list-params';

/** Query keys of the Team screen; one invalidation of `lists()` refreshes every page. */
export const teamKeys = {
  all: ['team'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (state: StaffListState) => [...teamKeys.lists(), state] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
  twoFactorPolicy: () => [...teamKeys.all, 'two-factor-policy'] as const,
  companyLanguage: () => [...teamKeys.all, 'company-language'] as const,
};
