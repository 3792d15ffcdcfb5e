import { unmatchedCountKey } from '../../../shared/unmatched-count/unmatched-count-query';
import type { UnmatchedListState } from '../lib/list-params';

/** One root for everything unmatched, the shared count included: invalidating `all` refreshes it all. */
export const unmatchedKeys = {
  all: [unmatchedCountKey[0]] as const,
  count: unmatchedCountKey,
  list: (kind: 'pending' | 'hidden', state: UnmatchedListState) =>
    [unmatchedCountKey[0], 'list', kind, state] as const,
};
