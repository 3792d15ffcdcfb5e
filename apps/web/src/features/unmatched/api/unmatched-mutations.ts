import { unmatched } from '@caudal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessageKey } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';
import { invalidateProductQueries } from '../../../shared/api/product-queries';
import { type GroupResult, type MatchGroup, runLimited } from '../lib/match-plan';
import { unmatchedKeys } from './unmatched-keys';

/** Enough to make a long queue quick, few enough not to flood the API. */
const MATCH_PARALLELISM = 3;

/**
 * "Confirm all": one clientMatchProduct call per client. It never rejects: each client's outcome is
 * returned, so a partial failure (another tab matched a product) is reported, not an error page.
 */
export function useConfirmAllMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (groups: readonly MatchGroup[]): Promise<GroupResult[]> => {
      const outcomes = await runLimited(groups, MATCH_PARALLELISM, (group) =>
        callApi(unmatched.clientMatchProduct, {
          _id: group.clientId,
          products: group.products.map((product) => product.id),
        }),
      );
      return outcomes.map((outcome, index) => {
        const group = groups[index] as MatchGroup;
        return outcome.ok
          ? { group, ok: true }
          : { group, ok: false, reasonKey: errorMessageKey(outcome.error) };
      });
    },
    // Matched products join their clients' tabs and counts, and the credentials' product holders.
    onSettled: () => invalidateProductQueries(queryClient),
  });
}

/** Hide and unhide move a product between the two lists; both lists and the counts change. */
export function useHideMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => callApi(unmatched.unmatchedHide, { holder_product_id: productId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unmatchedKeys.all }),
  });
}

export function useUnhideMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => callApi(unmatched.unmatchedUnhide, { holder_product_id: productId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unmatchedKeys.all }),
  });
}
