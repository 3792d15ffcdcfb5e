import type { FastifyInstance } from 'fastify';
import { registerGetCustomCss } from './get-custom-css';
import { registerSetCustomCss } from './set-custom-css';

export function registerCustomCssCalls(app: FastifyInstance) {
  registerGetCustomCss(app);
  registerSetCustomCss(app);
}
