import type { FastifyInstance } from 'fastify';
import { registerAcceptInvitation } from './accept-invitation';
import { registerDeleteStaff } from './delete-staff';
import { registerDisableStaff } from './disable-staff';
import { registerEnableStaff } from './enable-staff';
import { registerGetCompanyLanguage } from './get-company-language';
import { registerGetInvitation } from './get-invitation';
import { registerGetTwoFactorPolicy } from './get-two-factor-policy';
import { registerInviteStaff } from './invite-staff';
import { registerListStaff } from './list-staff';
import { registerResendInvitation } from './resend-invitation';
import { registerResetTwoFactor } from './reset-two-factor';
import { registerRevokeInvitation } from './revoke-invitation';
import { registerSetCompanyLanguage } from './set-company-language';
import { registerSetTwoFactorPolicy } from './set-two-factor-policy';
import { registerUpdateStaff } from './update-staff';

export * from './team';

export function registerTeamFeature(app: FastifyInstance) {
  // The Team section's calls: admins only (the guard answers 403 to anyone else).
  registerListStaff(app);
  registerInviteStaff(app);
  registerResendInvitation(app);
  registerRevokeInvitation(app);
  registerUpdateStaff(app);
  registerDisableStaff(app);
  registerEnableStaff(app);
  registerDeleteStaff(app);
  registerGetTwoFactorPolicy(app);
  registerSetTwoFactorPolicy(app);
  registerGetCompanyLanguage(app);
  registerSetCompanyLanguage(app);
  registerResetTwoFactor(app);
  // The invited person's calls: public, the link's token is the only credential.
  registerGetInvitation(app);
  registerAcceptInvitation(app);
}
