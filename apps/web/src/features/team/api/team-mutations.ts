import { type InviteStaffRequest, type LocaleCode, type Permission, team } from '@caudal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { teamKeys } from './team-keys';

/** Every team change refreshes the list's pages. */
function useTeamMutation<Body, Answer>(call: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
  });
}

export const useInviteStaffMutation = () =>
  useTeamMutation((body: InviteStaffRequest) => callApi(team.inviteStaff, body));

export const useResendInvitationMutation = () =>
  useTeamMutation((body: { username: string; language: LocaleCode }) => callApi(team.resendInvitation, body));

export const useUpdateStaffMutation = () =>
  useTeamMutation((body: { username: string; role: 'admin' | 'member'; permissions: Permission[] }) =>
    callApi(team.updateStaff, body),
  );

export type StaffAction = 'revoke' | 'disable' | 'enable' | 'delete' | 'resetTwoFactor';

const ACTION_CALLS = {
  revoke: team.revokeInvitation,
  disable: team.disableStaff,
  enable: team.enableStaff,
  delete: team.deleteStaff,
  resetTwoFactor: team.resetTwoFactor,
} as const;

export const useStaffActionMutation = () =>
  useTeamMutation(({ action, username }: { action: StaffAction; username: string }) =>
    callApi(ACTION_CALLS[action], { username }),
  );

export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => callApi(team.acceptInvitation, body),
  });
}

/** Whether the company's staff must sign in with a second factor. */
export function useSetTwoFactorPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { is_required: boolean }) => callApi(team.setTwoFactorPolicy, body),
    onSuccess: (answer) => queryClient.setQueryData(teamKeys.twoFactorPolicy(), answer),
  });
}

/** The language holders' mails fall back to when the holder's own is not known. */
export function useSetCompanyLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: LocaleCode }) => callApi(team.setCompanyLanguage, body),
    onSuccess: (answer) => queryClient.setQueryData(teamKeys.companyLanguage(), answer),
  });
}
