export const UNMATCHED_PAGE_SIZE = { default: 50, max: 200 } as const;
