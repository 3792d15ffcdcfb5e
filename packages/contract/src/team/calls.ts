import { z } from 'zod';
import { ZSignInAnswer, ZSuccess } from '../auth/calls';
import { LOCALE_CODES } from '../locales/locales';
import { ZPermission } from '../platform/identity';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { STAFF_ROLES } from '../shared/modules';
import { NEW_USER_FIELDS, ZUsernameRef } from '../shared/user-fields';
import { LIMITS, VALIDATION, zPassword, zSearch } from '../shared/validation';
import { STAFF_PAGE_SIZE, STAFF_SORTS } from './constants';
import * as routes from './routes';

export * from './constants';

export const ZStaffRole = z.enum(STAFF_ROLES);
export const ZStaffState = z.enum(['invited', 'active', 'disabled']);
export type StaffState = z.infer<typeof ZStaffState>;

/** A staff user as the Team list shows it; permissions are the spec's permission keys. */
export const ZStaffMember = z.object({
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: ZStaffRole,
  permissions: z.array(ZPermission),
  state: ZStaffState,
  last_sign_in_at: z.string().nullable(),
  /** When the pending invitation's link stops working; null once accepted. */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Two-factor sign-in is on for this user. */
  has_two_factor: z.boolean(),
});
export type StaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffList = z.array(ZStaffMember);

export const ZStaffListRequest = z
  .object({
    search: zSearch().optional(),
    sort: z.enum(STAFF_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /** 1-based. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(STAFF_PAGE_SIZE.max).optional(),
  })
  .optional();

export const listStaff = defineCall(routes.listStaff, { request: ZStaffListRequest, response: ZStaffList });

/** A member with no permission would be in a portal with no section to open (invited or edited so). */
function requirePermissionOfMember(
  value: { role: string; permissions: readonly string[] },
  ctx: z.RefinementCtx,
) {
  if (value.role === 'member' && value.permissions.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['permissions'], message: VALIDATION.permissionRequired });
  }
}

const ZPermissions = z
  .array(ZPermission, { error: VALIDATION.invalid })
  .max(20, { error: VALIDATION.invalid })
  .transform((keys) => [...new Set(keys)]);

export const ZInviteStaffRequest = z
  .object({
    email: NEW_USER_FIELDS.email,
    username: NEW_USER_FIELDS.username,
    name: NEW_USER_FIELDS.name,
    role: ZStaffRole,
    permissions: ZPermissions,
    /** The inviter's language: the mail is written in it, and the link opens the portal in it. */
    language: z.enum(LOCALE_CODES).default('es'),
  })
  .superRefine(requirePermissionOfMember);
export type InviteStaffRequest = z.input<typeof ZInviteStaffRequest>;

export const inviteStaff = defineCall(routes.inviteStaff, {
  request: ZInviteStaffRequest,
  response: ZStaffMember,
});

export const ZStaffRef = z.object({ username: ZUsernameRef });

export const ZResendInvitationRequest = z.object({
  username: ZUsernameRef,
  language: z.enum(LOCALE_CODES).default('es'),
});

export const resendInvitation = defineCall(routes.resendInvitation, {
  request: ZResendInvitationRequest,
  response: ZStaffMember,
});
export const revokeInvitation = defineCall(routes.revokeInvitation, {
  request: ZStaffRef,
  response: ZSuccess,
});

/**
 * The role and permissions as the edit form loaded them (optional; the portal sends them): when a
 * colleague changed them since, the save is refused with Conflict instead of silently undoing theirs.
 * The permissions are a set: their order does not matter.
 */
export const ZStaffSnapshot = z.object({
  role: ZStaffRole,
  permissions: z.array(ZPermission).max(20),
});
export type StaffSnapshot = z.infer<typeof ZStaffSnapshot>;

export const ZUpdateStaffRequest = z
  .object({
    username: ZUsernameRef,
    role: ZStaffRole,
    permissions: ZPermissions,
    expected: ZStaffSnapshot.optional(),
  })
  .superRefine(requirePermissionOfMember);
export const updateStaff = defineCall(routes.updateStaff, {
  request: ZUpdateStaffRequest,
  response: ZStaffMember,
});
export const disableStaff = defineCall(routes.disableStaff, { request: ZStaffRef, response: ZStaffMember });
export const enableStaff = defineCall(routes.enableStaff, { request: ZStaffRef, response: ZStaffMember });
export const deleteStaff = defineCall(routes.deleteStaff, { request: ZStaffRef, response: ZSuccess });

const ZToken = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.token, { error: VALIDATION.maxLength });
export const ZInvitationToken = z.object({ token: ZToken });
export const ZInvitationDetails = z.object({
  username: z.string(),
  name: z.string().nullable(),
  company_name: z.string(),
});
export type InvitationDetails = z.infer<typeof ZInvitationDetails>;
export const getInvitation = defineCall(routes.getInvitation, {
  request: ZInvitationToken,
  response: ZInvitationDetails,
});

export const ZAcceptInvitationRequest = z.object({ token: ZToken, password: zPassword() });
/** Signed in, or, where the company requires two-factor sign-in, the enrolment step a sign-in would ask. */
export const acceptInvitation = defineCall(routes.acceptInvitation, {
  request: ZAcceptInvitationRequest,
  response: ZSignInAnswer,
});

/** Whether the company's staff must sign in with a second factor. */
export const ZTwoFactorPolicy = z.object({ is_required: z.boolean({ error: VALIDATION.required }) });
export const getTwoFactorPolicy = defineCall(routes.getTwoFactorPolicy, {
  request: ZOptionalEmptyBody,
  response: ZTwoFactorPolicy,
});
export const setTwoFactorPolicy = defineCall(routes.setTwoFactorPolicy, {
  request: ZTwoFactorPolicy,
  response: ZTwoFactorPolicy,
});
export const resetTwoFactor = defineCall(routes.resetTwoFactor, {
  request: ZStaffRef,
  response: ZStaffMember,
});

/**
 * The company's language: holders' mails (consent reminders, renewal links) are written in the language
 * of the holder's last hosted visit, else in this one.
 */
export const ZCompanyLanguage = z.object({
  language: z.enum(LOCALE_CODES, { error: VALIDATION.invalid }),
});
export const getCompanyLanguage = defineCall(routes.getCompanyLanguage, {
  request: ZOptionalEmptyBody,
  response: ZCompanyLanguage,
});
export const setCompanyLanguage = defineCall(routes.setCompanyLanguage, {
  request: ZCompanyLanguage,
  response: ZCompanyLanguage,
});
