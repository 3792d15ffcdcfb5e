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

export function useSaveCustomCssMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (css: string) => callApi(customCss.setCustomCss, { file: encodeBase64(css) }),
    onSuccess: (saved) => queryClient.setQueryData(customCssKeys.all, saved),
  });
}
