import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { AvailableExport, Export, ExportClientEntities, ExportRequest } from './calls';
export * from './constants';

const wealth = { kind: 'session', module: 'wealth' } as const;

/** The spec's call: the documents the quick export (export2) can generate. */
export const getAvailableExports = defineRoute<
  typeof ZOptionalEmptyBody,
  typeof schemas.ZAvailableExportList
>()({
  path: '/platform/wealth/get-available-exports',
  access: wealth,
  errors: [],
});

/**
 * The entities step's list: per chosen client, the listed entities it has products at plus those of
 * its `entities` field. A read; a client the caller cannot see refuses the whole call (`UnknownClient`).
 */
export const exportClientEntities = defineRoute<
  typeof schemas.ZExportClientEntitiesRequest,
  typeof schemas.ZExportClientEntitiesList
>()({
  path: '/platform/wealth/export-client-entities',
  access: wealth,
  errors: ['UnknownClient'],
});

/** Queues an export; its rows are written in the background. Poll `export-status` for progress. */
export const exportGenerate = defineRoute<typeof schemas.ZExportRequest, typeof schemas.ZExport>()({
  path: '/platform/wealth/export-generate',
  audit: {
    action: 'export-generate',
    fields: ['type', 'format', 'client_ids', 'entity_ids', 'columns', 'date_from', 'date_to', 'language'],
  },
  access: wealth,
  errors: ['NotFound', 'UnknownClient', 'TooManyExports'],
});

export const exportStatus = defineRoute<typeof schemas.ZExportRef, typeof schemas.ZExport>()({
  path: '/platform/wealth/export-status',
  access: wealth,
  errors: ['NotFound'],
});

/** The most recent exports (unexpired): the company's for staff, a portal user's own for them. */
export const exportList = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZExportList>()({
  path: '/platform/wealth/export-list',
  access: wealth,
  errors: [],
});

/**
 * A short-lived, single-use URL to the file (`GET {path}`): a browser can only stream a download to
 * disk from a plain GET, which cannot carry the bearer token.
 */
export const exportDownloadLink = defineRoute<
  typeof schemas.ZExportRef,
  typeof schemas.ZExportDownloadLink
>()({
  path: '/platform/wealth/export-download-link',
  access: wealth,
  errors: ['NotFound'],
});
