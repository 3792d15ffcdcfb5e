/**
 * The data API: what a company's own systems call with an application's credentials. It lives under its
 * own versioned prefix, apart from the portal's `/platform/*` calls, and answers only to data-API tokens.
 */
export const DATA_API_PREFIX = '/api/v1';
export const DATA_API_TOKEN_PATH = `${DATA_API_PREFIX}/oauth/token`;
export const DATA_API_OPENAPI_PATH = `${DATA_API_PREFIX}/openapi.json`;
export const DATA_API_REFERENCE_PATH = `${DATA_API_PREFIX}/docs`;
/** Short-lived on purpose: a leaked token is worth minutes; clients simply ask for another. */
export const DATA_API_TOKEN_LIFETIME_SECONDS = 900;
