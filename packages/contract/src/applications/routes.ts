import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { Application, ApplicationForm, CreatedApplication } from './calls';
export * from './constants';

const applicationsStaff = { kind: 'session', module: 'applications', staffOnly: true } as const;

/** The company's applications, newest first; the secret is never listed. */
export const listApplications = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZApplicationList>()({
  path: '/platform/applications/list-applications',
  access: applicationsStaff,
  errors: [],
});

/** Names are unique per company, whatever their case; a company has at most APPLICATIONS_MAX_PER_COMPANY. */
export const createApplication = defineRoute<
  typeof schemas.ZApplicationForm,
  typeof schemas.ZCreatedApplication
>()({
  path: '/platform/applications/create-application',
  audit: {
    action: 'create-application',
    targets: { application: { response: 'client_id' } },
    fields: ['name'],
  },
  access: applicationsStaff,
  errors: ['DuplicatedName', 'TooManyApplications'],
});

/** Deleting an application ends its data-API tokens at once. */
export const deleteApplication = defineRoute<typeof schemas.ZApplicationRef, typeof ZSuccess>()({
  path: '/platform/applications/delete-application',
  audit: { action: 'delete-application', targets: { application: { request: 'client_id' } } },
  access: applicationsStaff,
  errors: ['NotFound'],
});

/**
 * A new client secret (shown once); the one it replaces keeps getting tokens for `overlap_hours`
 * (default 24, 0 ends it now), so the company's systems switch without downtime.
 */
export const rotateApplicationSecret = defineRoute<
  typeof schemas.ZApplicationRotateRequest,
  typeof schemas.ZRotatedApplication
>()({
  path: '/platform/applications/rotate-application-secret',
  audit: {
    action: 'rotate-application-secret',
    targets: { application: { request: 'client_id' } },
    fields: ['overlap_hours'],
  },
  access: applicationsStaff,
  errors: ['NotFound'],
});
