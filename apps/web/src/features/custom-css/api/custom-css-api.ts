import { customCss } from '@caudal/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { encodeBase64 } from '../lib/base64';

export const customCssKeys = { all: ['custom-css'] as const };

export function useCustomCssQuery() {
  return useQuery({
    queryKey: customCssKeys.all,
    queryFn: ({ signal }) => callApi(customCss.getCustomCss, {}, { signal }),
    // The editor holds the user's edits: a background refetch must not replace them.
    refetchOnWindowFocus: false,
  });
}

/** `expectedUpdatedAt`: when the CSS the editor started from was saved (null: none was). */
export function useSaveCustomCssMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ css, expectedUpdatedAt }: { css: string; expectedUpdatedAt: string | null }) =>
      callApi(customCss.setCustomCss, { file: encodeBase64(css), expected_updated_at: expectedUpdatedAt }),
    onSuccess: (saved) => queryClient.setQueryData(customCssKeys.all, saved),
  });
}

/** The CSS as saved now, after a save was refused because someone saved meanwhile: the editor compares against it next. */
export function useRefreshCustomCss() {
  const queryClient = useQueryClient();
  return async () => {
    const current = await callApi(customCss.getCustomCss, {});
    queryClient.setQueryData(customCssKeys.all, current);
    return current;
  };
}
