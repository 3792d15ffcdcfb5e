export * as auth from './auth/calls';
export { ACCESS_TOKEN_MAX_AGE_SECONDS, AUTH_STORAGE_KEY, ZSuccess } from './auth/calls';
export type { ConnectSession, CredentialInformation } from './connections/calls';
export * as connections from './connections/calls';
export * from './connections/credential-state';
export * from './locales';
export type { Entity, RuntimeConfig } from './platform/calls';
export * as platform from './platform/calls';
export * from './platform/identity';
export * from './shared/define-call';
export * from './shared/errors';
export * from './shared/modules';
export * from './shared/validation';
export type { UnmatchedProduct } from './unmatched/calls';
export * as unmatched from './unmatched/calls';
export * as wealth from './wealth/calls';
export {
  ALIAS_CHARACTERS,
  ALIAS_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  TOTAL_COUNT_HEADER,
  TRANSACTION_PAGE_SIZE,
} from './wealth/calls';
export * from './wealth/codes';
export * from './wealth/entities';
export * from './wealth/models';
