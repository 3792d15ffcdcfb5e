import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { ZEmptyBody } from '../shared/empty-bodies';
import { LIMITS, VALIDATION, zText } from '../shared/validation';
import * as routes from './routes';

export * from './constants';

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

export const login = defineCall(routes.login, { request: ZLoginRequest, response: ZLoginResponse });

export const ZSuccess = z.object({ success: z.literal(true) });

export const logout = defineCall(routes.logout, { request: ZEmptyBody, response: ZSuccess });
