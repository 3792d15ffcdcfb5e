import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';

/** The spec's call: each export type in each format is a document the quick export offers. */
export function registerGetAvailableExports(app: FastifyInstance) {
  registerCall(app, exportCalls.getAvailableExports, () =>
    exportCalls.EXPORT_TYPES.filter((type) => type !== 'custom').flatMap((type) =>
      exportCalls.EXPORT_FORMATS.map((format) => ({ id: `${type}.${format}`, type, format })),
    ),
  );
}
