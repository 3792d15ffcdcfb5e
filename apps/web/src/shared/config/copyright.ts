/**
 * The footer's copyright year. The spec (section 2, Footer) fixes it: "a copyright line for 2025 and
 * the provider's name"; it is not the current year.
 */
export const COPYRIGHT_YEAR = 2025;
