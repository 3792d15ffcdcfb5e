import { Readable } from 'node:stream';
import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { readExportChunks, spendDownloadToken } from './export-files.repository';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
} as const;

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * GET {EXPORT_FILE_PATH}/:token: the file, streamed chunk by chunk from the database. The single-use
 * token (from export-download-link, which ran the guard) is the authorisation; a spent, expired or
 * unknown one is a 404.
 */
export function registerExportFile(app: FastifyInstance) {
  app.get<{ Params: { token: string } }>(`${exportCalls.EXPORT_FILE_PATH}/:token`, async (request, reply) => {
    const { db, clock } = app.deps;
    const token = request.params.token;
    const file = TOKEN.test(token) ? await spendDownloadToken(db, token, clock()) : null;
    if (!file) throw new AppError('NotFound', 'No such file');
    reply
      .header('content-type', CONTENT_TYPES[file.format])
      .header('content-length', String(file.sizeBytes))
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(readExportChunks(db, file.exportId)));
  });
}

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
