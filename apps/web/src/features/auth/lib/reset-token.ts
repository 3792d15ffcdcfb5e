/** Where the reset page keeps its link's token for this tab (read-link-token.ts), until it is used. */
export const RESET_TOKEN_KEY = 'caudal.reset-password';
