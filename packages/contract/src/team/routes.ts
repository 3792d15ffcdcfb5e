import type { ZSignInAnswer, ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type {
  InvitationDetails,
  InviteStaffRequest,
  StaffMember,
  StaffSnapshot,
  StaffState,
} from './calls';
export * from './constants';

/** Only a company's admins manage its team: a member (or portal user) gets 403 on every call. */
const teamAdmins = { kind: 'session', staffOnly: true, adminOnly: true } as const;

/** One page of the company's staff; the total number of matches travels in `x-total-count`. */
export const listStaff = defineRoute<typeof schemas.ZStaffListRequest, typeof schemas.ZStaffList>()({
  path: '/platform/team/list-staff',
  access: teamAdmins,
  errors: [],
  totalCountHeader: true,
});

/**
 * Creates an invited user (no password) and mails them a single-use link valid 72 h. A company sends at
 * most so many invitation mails an hour, and fewer to any one address (resends count too).
 */
export const inviteStaff = defineRoute<typeof schemas.ZInviteStaffRequest, typeof schemas.ZStaffMember>()({
  path: '/platform/team/invite-staff',
  audit: {
    action: 'invite-staff',
    targets: { user: { request: 'username' } },
    fields: ['email', 'username', 'name', 'role', 'permissions'],
  },
  access: teamAdmins,
  /** RateLimited: the company's or the address's hourly budget of invitation mails is spent (Retry-After). */
  errors: ['DuplicatedUsername', 'UnknownPermission', 'RateLimited'],
});

/** A new link for a pending invitation; the earlier links stop working. */
export const resendInvitation = defineRoute<
  typeof schemas.ZResendInvitationRequest,
  typeof schemas.ZStaffMember
>()({
  path: '/platform/team/resend-invitation',
  audit: { action: 'resend-invitation', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  /** RateLimited: as an invitation's; a resend spends the same budgets. */
  errors: ['NotFound', 'RateLimited'],
});

/** Withdraws a pending invitation: its links stop working and the invited user is removed. */
export const revokeInvitation = defineRoute<typeof schemas.ZStaffRef, typeof ZSuccess>()({
  path: '/platform/team/revoke-invitation',
  audit: { action: 'revoke-invitation', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  errors: ['NotFound'],
});

export const updateStaff = defineRoute<typeof schemas.ZUpdateStaffRequest, typeof schemas.ZStaffMember>()({
  path: '/platform/team/update-staff',
  audit: {
    action: 'update-staff',
    targets: { user: { request: 'username' } },
    fields: ['role', 'permissions'],
  },
  access: teamAdmins,
  // Besides these, the generic Conflict: the role or permissions changed since the form loaded them
  // (`expected`).
  errors: ['NotFound', 'UnknownPermission', 'LastAdmin', 'SelfLockout'],
});

/** Disabling ends the user's sessions at once: their next call is refused. */
export const disableStaff = defineRoute<typeof schemas.ZStaffRef, typeof schemas.ZStaffMember>()({
  path: '/platform/team/disable-staff',
  audit: { action: 'disable-staff', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  errors: ['NotFound', 'LastAdmin', 'SelfLockout'],
});

export const enableStaff = defineRoute<typeof schemas.ZStaffRef, typeof schemas.ZStaffMember>()({
  path: '/platform/team/enable-staff',
  audit: { action: 'enable-staff', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  errors: ['NotFound'],
});

export const deleteStaff = defineRoute<typeof schemas.ZStaffRef, typeof ZSuccess>()({
  path: '/platform/team/delete-staff',
  audit: { action: 'delete-staff', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  errors: ['NotFound', 'LastAdmin', 'SelfLockout'],
});

/** Who an invitation is for, so the set-password screen can say it; InvalidInvitation when it cannot be used. */
export const getInvitation = defineRoute<
  typeof schemas.ZInvitationToken,
  typeof schemas.ZInvitationDetails
>()({
  path: '/v0/platform/team/get-invitation',
  access: { kind: 'public' },
  errors: ['InvalidInvitation'],
});

/** Sets the invited user's password (once) and signs them in: answers like the login call. */
export const acceptInvitation = defineRoute<typeof schemas.ZAcceptInvitationRequest, typeof ZSignInAnswer>()({
  path: '/v0/platform/team/accept-invitation',
  audit: { action: 'accept-invitation' },
  access: { kind: 'public' },
  errors: ['InvalidInvitation', 'WeakPassword'],
});

export const getTwoFactorPolicy = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZTwoFactorPolicy>()({
  path: '/platform/team/two-factor-policy',
  access: teamAdmins,
  errors: [],
});

/** Required: staff without two-factor are sent to enrol at their next sign-in (OIDC: the provider's). */
export const setTwoFactorPolicy = defineRoute<
  typeof schemas.ZTwoFactorPolicy,
  typeof schemas.ZTwoFactorPolicy
>()({
  path: '/platform/team/set-two-factor-policy',
  audit: { action: 'set-two-factor-policy', fields: ['is_required'] },
  access: teamAdmins,
  errors: [],
});

/**
 * Turns a colleague's two-factor off (lost phone): they enrol again; their sessions end. Conflict for
 * one's own (the Security page) or someone without it.
 */
export const resetTwoFactor = defineRoute<typeof schemas.ZStaffRef, typeof schemas.ZStaffMember>()({
  path: '/platform/team/reset-two-factor',
  audit: { action: 'reset-two-factor', targets: { user: { request: 'username' } } },
  access: teamAdmins,
  errors: ['NotFound'],
});

/** The company's language (es/en): holders' mails fall back to it when the holder's own is not known. */
export const getCompanyLanguage = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZCompanyLanguage>()({
  path: '/platform/team/company-language',
  access: teamAdmins,
  errors: [],
});

export const setCompanyLanguage = defineRoute<
  typeof schemas.ZCompanyLanguage,
  typeof schemas.ZCompanyLanguage
>()({
  path: '/platform/team/set-company-language',
  audit: { action: 'set-company-language', fields: ['language'] },
  access: teamAdmins,
  errors: [],
});
