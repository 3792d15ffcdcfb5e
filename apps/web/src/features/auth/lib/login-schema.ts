import { auth } from '@caudal/contract';

/** Loaded by the login form when first used (`useDeferredSchema`): the schema brings zod with it. */
export const loginSchema = auth.ZLoginRequest;
