import { customCss } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findCustomCss } from './custom-css.repository';

export function registerGetCustomCss(app: FastifyInstance) {
  registerCall(app, customCss.getCustomCss, ({ actor, db }) => findCustomCss(db, actor));
}
