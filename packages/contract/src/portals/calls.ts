import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { NEW_USER_FIELDS, ZUsernameRef } from '../shared/user-fields';
import { VALIDATION, zPassword, zSearch } from '../shared/validation';
import { PORTAL_CLIENTS_MAX, PORTAL_PAGE_SIZE } from './constants';
import * as routes from './routes';

export * from './constants';

export const ZPortalClient = z.object({ id: z.string(), name: z.string(), alias: z.string() });
export type PortalClient = z.infer<typeof ZPortalClient>;

/** A portal user as the list shows it: its first clients by name and how many it has in all. */
export const ZPortalUserSummary = z.object({
  username: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  clients: z.array(ZPortalClient),
  client_count: z.number().int(),
  created_at: z.string(),
});
export type PortalUserSummary = z.infer<typeof ZPortalUserSummary>;

/** A portal user with every client assigned to them, by name in `clients` (spec section 3: clients, client_ids). */
export const ZPortalUser = ZPortalUserSummary.extend({ client_ids: z.array(z.string()) });
export type PortalUser = z.infer<typeof ZPortalUser>;

export const ZPortalListRequest = z
  .object({
    search: zSearch().optional(),
    /** 1-based. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(PORTAL_PAGE_SIZE.max).optional(),
  })
  .optional();

export const ZPortalUserSummaryList = z.array(ZPortalUserSummary);

export const listPortals = defineCall(routes.listPortals, {
  request: ZPortalListRequest,
  response: ZPortalUserSummaryList,
});

const ZClientId = z.string().max(64);

/** Client ids without repeats; ids of no visible client are refused as a whole (UnknownClient). */
export const ZClientIds = z
  .array(ZClientId, { error: VALIDATION.invalid })
  .max(PORTAL_CLIENTS_MAX, { error: VALIDATION.invalid })
  .transform((ids) => [...new Set(ids)]);

/** What create-portal takes (spec section 6: username, email, name, password and the clients). */
export const ZCreatePortalRequest = z.object({
  ...NEW_USER_FIELDS,
  password: zPassword(),
  client_ids: ZClientIds.default([]),
});
export type CreatePortalRequest = z.input<typeof ZCreatePortalRequest>;

/** The create form: the request plus the password typed twice (spec section 5: passwords must match). */
export const ZPortalUserForm = ZCreatePortalRequest.extend({
  confirm_password: z.string({ error: VALIDATION.required }),
}).superRefine((value, ctx) => {
  if (value.confirm_password.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: VALIDATION.required });
  } else if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: VALIDATION.passwordsMatch });
  }
});
export type PortalUserForm = z.input<typeof ZPortalUserForm>;

export const createPortal = defineCall(routes.createPortal, {
  request: ZCreatePortalRequest,
  response: ZPortalUser,
});

export const ZPortalUserRef = z.object({ username: ZUsernameRef });

export const getPortal = defineCall(routes.getPortal, { request: ZPortalUserRef, response: ZPortalUser });

export const deletePortal = defineCall(routes.deletePortal, { request: ZPortalUserRef, response: ZSuccess });

/**
 * `expected_client_ids`: the user's clients as the edit form loaded them (optional; the portal always
 * sends them). When a colleague changed them since, the save is refused with Conflict instead of
 * silently undoing their change.
 */
export const ZUpdatePortalRequest = z.object({
  username: ZUsernameRef,
  client_ids: ZClientIds,
  expected_client_ids: ZClientIds.optional(),
});

export const updatePortal = defineCall(routes.updatePortal, {
  request: ZUpdatePortalRequest,
  response: ZPortalUser,
});
