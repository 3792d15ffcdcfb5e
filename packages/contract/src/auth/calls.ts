import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION, zText } from '../shared/validation';

/** Access tokens live 3600 s (spec section 9). */
export const ACCESS_TOKEN_MAX_AGE_SECONDS = 3600;
/** The local auth token is stored in local storage under this key (prefix 'auth.', spec section 9). */
export const AUTH_STORAGE_KEY = 'auth._token.local';

const requiredSecret = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.password.max, { error: VALIDATION.maxLength });

export const ZLoginRequest = z.object({
  username: zText({ max: LIMITS.username.max }),
  company: zText({ max: LIMITS.companyName.max }),
  password: requiredSecret,
});
export const ZLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});

export const login = defineCall({
  path: '/auth/v0/login',
  access: { kind: 'public' },
  request: ZLoginRequest,
  response: ZLoginResponse,
  errors: ['LoginFailed'],
});

export const ZSuccess = z.object({ success: z.literal(true) });

export const logout = defineCall({
  path: '/auth/v0/logout',
  access: { kind: 'session' },
  request: z.object({}),
  response: ZSuccess,
  errors: [],
});
