import type { FastifyInstance } from 'fastify';
import { registerChooseConnectInstitution } from './choose-connect-institution';
import type { FinishLinkVisit } from './connect-flow';
import { registerCreateConnectLink } from './create-connect-link';
import { registerCreateConsentRenewalLink } from './create-consent-renewal-link';
import { registerConnectionsDataApi } from './data-api';
import { registerCredentialsDelete } from './delete-credentials';
import { registerCredentialsForceReset } from './force-reset-credentials';
import { registerGetConnectSession } from './get-connect-session';
import { registerGetCredentialCounts } from './get-credential-counts';
import { registerGetCredentialsIdentity } from './get-credentials-identity';
import { registerGetCredentialsInformation } from './get-credentials-information';
import { registerGetCredentialsProductHolders } from './get-credentials-product-holders';
import { registerCredentialsRefresh } from './refresh-credentials';
import { registerSubmitConnectCredentials } from './submit-connect-credentials';
import { registerSubmitConnectSca } from './submit-connect-sca';

export { type FinishLinkVisit, getConnectSession } from './connect-flow';
export { deleteCredential } from './connections.repository';
export { seedConnectionStates } from './demo-states';
export { enqueueDueRefreshes, refreshCredential } from './refresh';
export { requestCredentialRefresh } from './request-refresh';
export { emitDueScaEvents } from './sca-due-scan';

/** `completions`: what other features do when a hosted connect flow they started completes. */
export function registerConnectionsCalls(
  app: FastifyInstance,
  completions: { finishLinkVisit: FinishLinkVisit },
) {
  registerGetCredentialsInformation(app);
  registerGetCredentialCounts(app);
  registerGetCredentialsIdentity(app);
  registerGetCredentialsProductHolders(app);
  registerCredentialsDelete(app);
  registerCredentialsRefresh(app);
  registerCreateConnectLink(app);
  registerCredentialsForceReset(app);
  registerCreateConsentRenewalLink(app);
  // The hosted connect pages' calls: public, authorised only by the one-time token, limited per IP.
  registerGetConnectSession(app);
  registerSubmitConnectCredentials(app, completions.finishLinkVisit);
  registerSubmitConnectSca(app, completions.finishLinkVisit);
  registerChooseConnectInstitution(app);
  registerConnectionsDataApi(app);
}
