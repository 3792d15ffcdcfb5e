/** How many of the newest credentials the summary lists. */
export const SUMMARY_LAST_CREDENTIALS = 10;
