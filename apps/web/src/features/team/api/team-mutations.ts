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

export interface UpdateStaffBody {
  username: string;
  role: 'admin' | 'member';
  permissions: Permission[];
  /** The role and permissions the form loaded: a colleague's save since is refused, not undone. */
  expected?: team.StaffSnapshot | undefined;
}

export function useUpdateStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStaffBody) => callApi(team.updateStaff, body),
    // Refused or not, the list shows the member as stored (a refusal may mean a colleague changed them).
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
  });
}

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
