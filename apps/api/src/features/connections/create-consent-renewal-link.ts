import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { findVisibleCredential } from './connections.repository';
import { findCompanyLanguage, holderLanguage, issueConsentRenewal } from './consent-renewal';

/** Staff give the holder a renewal link: mailed to the address they confirmed, or answered to copy. */
export function registerCreateConsentRenewalLink(app: FastifyInstance) {
  registerCall(
    app,
    connections.createConsentRenewalLink,
    async ({ input, actor, db, config, clock, jobs, log }) => {
      const credential = await findVisibleCredential(db, actor, input.credentials_token);
      if (!credential) throw new AppError('NotFound', 'No such credential');
      const sendTo = input.send_to ?? null;
      // Written for the holder: their language unless staff chose one for this mail.
      const language =
        input.language ?? holderLanguage(credential, await findCompanyLanguage(db, credential.company_id));
      const { url, expiresAt, outboxId } = await db.transaction().execute((trx) =>
        issueConsentRenewal(trx, config, {
          credential,
          language,
          sendTo,
          mailKind: 'renewal',
          createdBy: actor.userId,
          now: clock(),
        }),
      );
      if (outboxId) await notifyMailQueued(db, jobs, log, outboxId);
      return { url, expires_at: expiresAt.toISOString(), sent_to: sendTo };
    },
  );
}
