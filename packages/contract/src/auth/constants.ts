/** Access tokens live 3600 s (spec section 9). */
export const ACCESS_TOKEN_MAX_AGE_SECONDS = 3600;
/** The local auth token is stored in local storage under this key (prefix 'auth.', spec section 9). */
export const AUTH_STORAGE_KEY = 'auth._token.local';
