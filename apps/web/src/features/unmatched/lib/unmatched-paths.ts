export const UNMATCHED_PATHS = {
  pending: '/wealth/unmatched',
  hidden: '/wealth/unmatched/hidden',
} as const;
