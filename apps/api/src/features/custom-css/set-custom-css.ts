import { customCss } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { sanitiseCssOffThread } from './css-sanitiser-pool';
import { saveCustomCss } from './custom-css.repository';
import { decodeCssFile } from './decode-css-file';

/** Decodes, sanitises on a worker thread, and stores source and result together. */
export function registerSetCustomCss(app: FastifyInstance) {
  registerCall(app, customCss.setCustomCss, async ({ input, actor, db, clock }) => {
    const source = decodeCssFile(input.file);
    const sanitised = await sanitiseCssOffThread(actor.companyId, source);
    return saveCustomCss(db, actor, source, sanitised, clock(), {
      expectedUpdatedAt: input.expected_updated_at,
    });
  });
}
