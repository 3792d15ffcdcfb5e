export const PORTAL_PAGE_SIZE = { default: 25, max: 100 } as const;
/** How many client names each row of the list carries; the rest is counted (`client_count`). */
export const PORTAL_CLIENTS_PREVIEW = 5;
/** The most clients one portal user may be given (decision 0017). */
export const PORTAL_CLIENTS_MAX = 1000;
