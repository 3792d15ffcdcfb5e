import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type { InstitutionHealth, InstitutionHealthList, LinkFunnel } from './calls';
export * from './constants';

/** A Link's funnel: staff of a company with Links, like every Link call. */
export const getLinkFunnel = defineRoute<typeof schemas.ZLinkFunnelRequest, typeof schemas.ZLinkFunnel>()({
  path: '/platform/links/get-link-funnel',
  access: { kind: 'session', module: 'links', staffOnly: true },
  errors: ['NotFound'],
});

/**
 * The company's institution health, from its own connections and refreshes: staff only (company-wide
 * figures, not a portal user's clients), shown on the summary and the connections pages.
 */
export const getInstitutionHealth = defineRoute<
  typeof schemas.ZInstitutionHealthRequest,
  typeof schemas.ZInstitutionHealthList
>()({
  path: '/platform/connections/get-institution-health',
  access: { kind: 'session', staffOnly: true },
  errors: [],
});
