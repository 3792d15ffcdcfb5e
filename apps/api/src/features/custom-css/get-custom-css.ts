import { customCss } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { cssSanitiserPool } from './css-sanitiser-pool';
import { findCustomCss } from './custom-css.repository';

export function registerGetCustomCss(app: FastifyInstance) {
  registerCall(app, customCss.getCustomCss, ({ actor, db }) => {
    // The editor is open: its first save finds a sanitiser thread started and warm (worker-pool.ts).
    cssSanitiserPool.prestart();
    return findCustomCss(db, actor);
  });
}
