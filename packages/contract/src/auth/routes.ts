import { defineRoute } from '../shared/call-route';
import type { ZEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export * from './constants';

export const login = defineRoute<typeof schemas.ZLoginRequest, typeof schemas.ZLoginResponse>({
  path: '/auth/v0/login',
  access: { kind: 'public' },
  errors: ['LoginFailed'],
});

export const logout = defineRoute<typeof ZEmptyBody, typeof schemas.ZSuccess>({
  path: '/auth/v0/logout',
  access: { kind: 'session' },
  errors: [],
});
