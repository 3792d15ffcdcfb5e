import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zText } from '../shared/validation';

const applicationsStaff = { kind: 'session', module: 'applications', staffOnly: true } as const;

/**
 * Every client secret starts with this, so secret scanners (and people) recognise a leaked one. After
 * it: 32 random bytes, base64url (43 characters, 256 bits).
 */
export const CLIENT_SECRET_PREFIX = 'caudal_sk_';
/** Client ids are not secret; the prefix tells them apart from secrets at a glance. */
export const CLIENT_ID_PREFIX = 'caudal_ci_';

/** The spec's Application (section 3). `client_secret` travels once, in the answer to its creation. */
export const ZApplication = z.object({
  name: z.string(),
  client_id: z.string(),
  created_at: z.string(),
});
export type Application = z.infer<typeof ZApplication>;

export const ZCreatedApplication = ZApplication.extend({ client_secret: z.string() });
export type CreatedApplication = z.infer<typeof ZCreatedApplication>;

/** The company's applications, newest first; the secret is never listed. */
export const listApplications = defineCall({
  path: '/platform/applications/list-applications',
  access: applicationsStaff,
  request: z.object({}).optional(),
  response: z.array(ZApplication),
  errors: [],
});

export const ZApplicationForm = z.object({ name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }) });
export type ApplicationForm = z.input<typeof ZApplicationForm>;

/** Names are unique per company, whatever their case. */
export const createApplication = defineCall({
  path: '/platform/applications/create-application',
  access: applicationsStaff,
  request: ZApplicationForm,
  response: ZCreatedApplication,
  errors: ['DuplicatedName'],
});

/** Deleting an application ends its data-API tokens at once. */
export const deleteApplication = defineCall({
  path: '/platform/applications/delete-application',
  access: applicationsStaff,
  request: z.object({
    client_id: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64),
  }),
  response: ZSuccess,
  errors: ['NotFound'],
});
