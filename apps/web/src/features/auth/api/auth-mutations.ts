import { auth, platform, type RequestOf } from '@caudal/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof auth.login>) => callApi(auth.login, body),
  });
}

export function useVerifySignInCodeMutation() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof auth.verifySignInCode>) => callApi(auth.verifySignInCode, body),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof platform.forgotPassword>) => callApi(platform.forgotPassword, body),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: RequestOf<typeof platform.resetPassword>) => callApi(platform.resetPassword, body),
  });
}

/** Logout tells the server to end the session; a session that is already gone is not an error here. */
export async function logoutOnServer(): Promise<void> {
  try {
    await callApi(auth.logout, {}, { skipSessionEnd: true });
  } catch {
    // Nothing to do: the token is cleared locally either way.
  }
}
