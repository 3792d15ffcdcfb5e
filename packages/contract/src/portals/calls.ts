import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import {
  LIMITS,
  NAME_CHARACTERS,
  USERNAME_CHARACTERS,
  VALIDATION,
  zEmail,
  zPassword,
  zText,
} from '../shared/validation';

/** Only staff manage portal users: a portal user calling these gets 403 (spec section 6). */
const portalsStaff = { kind: 'session', module: 'portals', staffOnly: true } as const;

export const PORTAL_PAGE_SIZE = { default: 25, max: 100 } as const;
/** How many client names each row of the list carries; the rest is counted (`client_count`). */
export const PORTAL_CLIENTS_PREVIEW = 5;
/** The most clients one portal user may be given (decision 0017). */
export const PORTAL_CLIENTS_MAX = 1000;

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
    search: z.string().trim().max(LIMITS.name).optional(),
    /** 1-based. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(PORTAL_PAGE_SIZE.max).optional(),
  })
  .optional();

/** Sorted by username; the total number of matches travels in `x-total-count`. */
export const listPortals = defineCall({
  path: '/platform/portals/list-portals',
  access: portalsStaff,
  request: ZPortalListRequest,
  response: z.array(ZPortalUserSummary),
  errors: [],
  totalCountHeader: true,
});

const ZClientId = z.string().max(64);

/** Client ids without repeats; ids of no visible client are refused as a whole (UnknownClient). */
export const ZClientIds = z
  .array(ZClientId, { error: VALIDATION.invalid })
  .max(PORTAL_CLIENTS_MAX, { error: VALIDATION.invalid })
  .transform((ids) => [...new Set(ids)]);

const ZUsername = zText({
  min: LIMITS.username.min,
  max: LIMITS.username.max,
  allowed: USERNAME_CHARACTERS,
});

/** What create-portal takes (spec section 6: username, email, name, password and the clients). */
export const ZCreatePortalRequest = z.object({
  username: ZUsername,
  email: zEmail(),
  name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }),
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

export const createPortal = defineCall({
  path: '/platform/portals/create-portal',
  access: portalsStaff,
  request: ZCreatePortalRequest,
  response: ZPortalUser,
  errors: ['DuplicatedUsername', 'UnknownClient'],
});

const ZUsernameRef = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(200);

export const getPortal = defineCall({
  path: '/platform/portals/get-portal',
  access: portalsStaff,
  request: z.object({ username: ZUsernameRef }),
  response: ZPortalUser,
  errors: ['NotFound'],
});

/** Deleting a portal user ends their sessions at once. */
export const deletePortal = defineCall({
  path: '/platform/portals/delete-portal',
  access: portalsStaff,
  request: z.object({ username: ZUsernameRef }),
  response: ZSuccess,
  errors: ['NotFound'],
});

/** Replaces the user's clients with `client_ids`; the change applies from the user's next call. */
export const updatePortal = defineCall({
  path: '/platform/portals/update-portal',
  access: portalsStaff,
  request: z.object({ username: ZUsernameRef, client_ids: ZClientIds }),
  response: ZPortalUser,
  errors: ['NotFound', 'UnknownClient'],
});
