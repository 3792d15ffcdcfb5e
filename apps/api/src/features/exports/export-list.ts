import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findVisibleExports } from './exports.repository';

export function registerExportList(app: FastifyInstance) {
  registerCall(app, exportCalls.exportList, ({ actor, db, clock }) => findVisibleExports(db, actor, clock()));
}
