import type { FastifyInstance } from 'fastify';
import { registerLinkCodeCalls } from './code-calls';
import { registerLinksDataApi } from './data-api';
import { registerHostedLink } from './hosted-link';
import { registerLinkCalls } from './link-calls';

export { seedDemoLinks } from './demo-links';
export { issueLinkCode } from './link-codes';

export function registerLinksCalls(app: FastifyInstance) {
  registerLinkCalls(app);
  registerLinkCodeCalls(app);
  registerHostedLink(app);
  registerLinksDataApi(app);
}
