import type { FastifyInstance } from 'fastify';
import { registerCreateLink } from './create-link';
import { registerLinksDataApi } from './data-api';
import { registerDeleteLink } from './delete-link';
import { registerEditLink } from './edit-link';
import { registerExchangeLinkCode } from './exchange-link-code';
import { registerHostedLinkPage } from './hosted-link-page';
import { registerLinkCallback } from './link-callback';
import { registerListLinks } from './list-links';
import { registerPauseLink } from './pause-link';
import { registerResumeLink } from './resume-link';
import { registerStartLinkSession } from './start-link-session';

export { seedDemoLinks } from './demo-links';
export { issueLinkCode } from './link-codes';

export function registerLinksCalls(app: FastifyInstance) {
  registerListLinks(app);
  registerCreateLink(app);
  registerEditLink(app);
  registerPauseLink(app);
  registerResumeLink(app);
  registerDeleteLink(app);
  registerLinkCallback(app);
  registerExchangeLinkCode(app);
  registerStartLinkSession(app);
  registerHostedLinkPage(app);
  registerLinksDataApi(app);
}
