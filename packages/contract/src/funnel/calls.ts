import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION } from '../shared/validation';
import { FUNNEL_DEFAULT_DAYS, INSTITUTION_ERRORS, INSTITUTION_STATES } from './constants';
import * as routes from './routes';

export * from './constants';

export const ZInstitutionError = z.enum(INSTITUTION_ERRORS);
export const ZInstitutionState = z.enum(INSTITUTION_STATES);

export const ZLinkFunnelRequest = z.object({
  token: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(LIMITS.token),
  // Optional: a caller that asks for no window gets the screen's default one, not a validation error.
  days: z.union([z.literal(1), z.literal(7), z.literal(14), z.literal(30)]).default(FUNNEL_DEFAULT_DAYS),
});

/** Visits opened in the window, counted once at each step they reached. */
export const ZLinkFunnel = z.object({
  link_name: z.string(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  steps: z.object({
    opened: z.number().int(),
    institution_chosen: z.number().int(),
    credentials_sent: z.number().int(),
    sca_asked: z.number().int(),
    sca_passed: z.number().int(),
    succeeded: z.number().int(),
    abandoned: z.number().int(),
  }),
  /** The idle time after which a visit not connected counts as abandoned. */
  abandon_after_minutes: z.number(),
  /** succeeded / opened, null with no visit. */
  conversion: z.number().nullable(),
  /** Failed attempts in the window by type: how many, and in how many visits. */
  failures: z.array(
    z.object({ error: ZInstitutionError, attempts: z.number().int(), visits: z.number().int() }),
  ),
});
export type LinkFunnel = z.infer<typeof ZLinkFunnel>;

export const getLinkFunnel = defineCall(routes.getLinkFunnel, {
  request: ZLinkFunnelRequest,
  response: ZLinkFunnel,
});

const ZRate = z.object({
  attempts: z.number().int(),
  successes: z.number().int(),
  /** successes / attempts, null without attempts. */
  rate: z.number().nullable(),
});

export const ZInstitutionHealth = z.object({
  entity_id: z.string(),
  state: ZInstitutionState,
  connections: ZRate,
  refreshes: ZRate,
  errors: z.array(z.object({ error: ZInstitutionError, count: z.number().int() })),
});
export type InstitutionHealth = z.infer<typeof ZInstitutionHealth>;

export const ZInstitutionHealthRequest = z
  .object({ entity_id: z.string().min(1).max(64).optional() })
  .optional();

/** Institutions with an outcome in the last 14 days (any other is operational with no figures). */
export const ZInstitutionHealthList = z.object({
  days: z.number().int(),
  institutions: z.array(ZInstitutionHealth),
});
export type InstitutionHealthList = z.infer<typeof ZInstitutionHealthList>;

export const getInstitutionHealth = defineCall(routes.getInstitutionHealth, {
  request: ZInstitutionHealthRequest,
  response: ZInstitutionHealthList,
});
