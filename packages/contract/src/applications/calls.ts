import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zText } from '../shared/validation';
import { APPLICATION_SECRET_OVERLAP_MAX_HOURS } from './constants';
import * as routes from './routes';

export * from './constants';

/** The spec's Application (section 3). `client_secret` travels once, in the answer to its creation. */
export const ZApplication = z.object({
  name: z.string(),
  client_id: z.string(),
  created_at: z.string(),
  /** When the current secret last got a token; null if never. */
  secret_last_used_at: z.string().nullable().optional(),
  /** Set while the secret before the last rotation still works (issue 28), with its own last use. */
  previous_secret_expires_at: z.string().nullable().optional(),
  previous_secret_last_used_at: z.string().nullable().optional(),
  secret_rotated_at: z.string().nullable().optional(),
});
export type Application = z.infer<typeof ZApplication>;

export const ZCreatedApplication = ZApplication.extend({ client_secret: z.string() });
export type CreatedApplication = z.infer<typeof ZCreatedApplication>;

export const ZApplicationList = z.array(ZApplication);

export const listApplications = defineCall(routes.listApplications, {
  request: ZOptionalEmptyBody,
  response: ZApplicationList,
});

export const ZApplicationForm = z.object({ name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }) });
export type ApplicationForm = z.input<typeof ZApplicationForm>;

export const createApplication = defineCall(routes.createApplication, {
  request: ZApplicationForm,
  response: ZCreatedApplication,
});

export const ZApplicationRef = z.object({
  client_id: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64),
});

export const ZApplicationRotateRequest = ZApplicationRef.extend({
  overlap_hours: z.number().int().min(0).max(APPLICATION_SECRET_OVERLAP_MAX_HOURS).default(24),
});
export const ZRotatedApplication = ZApplication.extend({ client_secret: z.string() });

export const rotateApplicationSecret = defineCall(routes.rotateApplicationSecret, {
  request: ZApplicationRotateRequest,
  response: ZRotatedApplication,
});

export const deleteApplication = defineCall(routes.deleteApplication, {
  request: ZApplicationRef,
  response: ZSuccess,
});
